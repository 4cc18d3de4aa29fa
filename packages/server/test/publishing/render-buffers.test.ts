/**
 * A build hands each batch's HTML buffer back to the render threads once its pages are stored
 * (`Renderer.recycle`): the next batches are written there, and what they hold is exactly what a
 * fresh buffer would have held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBatch } from '@canopy/site';
import { Renderer } from '../../src/publishing/renderer';

describe('render buffers handed back', () => {
  let dir: string;
  let renderer: Renderer;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'canopy-render-'));
    renderer = new Renderer(dir, undefined, 1);
  });
  afterAll(async () => {
    await renderer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const html = (batch: { html: Uint8Array }) => Buffer.from(batch.html).toString('utf8');

  it('writes the next batches into buffers handed back, byte for byte as into new ones', async () => {
    const { context, pages } = sampleBatch(60);
    const first = await renderer.renderPages(context, pages);
    // Fifty pages a batch: two batches, each written from the start of a buffer of its own.
    expect(first.map((batch) => batch.ends.length)).toEqual([50, 10]);
    const big = first[0]!.html.buffer as ArrayBuffer;
    const bigBytes = big.byteLength;
    expect(first[0]!.html.byteOffset).toBe(0);
    expect(bigBytes).toBeGreaterThanOrEqual(first[0]!.html.length);
    expect(first[1]!.html.buffer).not.toBe(big);
    const expected = html(first[1]!);

    renderer.recycle([big]);
    // Handed over to a render thread: this thread no longer holds it.
    const [again] = await renderer.renderPages(context, pages.slice(50));
    expect(big.byteLength).toBe(0);
    // The ten pages were written at the start of the fifty pages' buffer.
    expect(again!.html.buffer.byteLength).toBe(bigBytes);
    expect(again!.html.byteOffset).toBe(0);
    expect(again!.html.length).toBeLessThan(again!.html.buffer.byteLength);
    expect(html(again!)).toBe(expected);
    expect(again!.ends).toEqual(first[1]!.ends);
    expect(again!.hashes).toEqual(first[1]!.hashes);

    // Once the build lets go of its spares, batches get buffers of their own again.
    renderer.recycle([again!.html.buffer as ArrayBuffer]);
    renderer.dropSpares();
    const [own] = await renderer.renderPages(context, pages.slice(50));
    expect(own!.html.buffer.byteLength).not.toBe(bigBytes);
    expect(html(own!)).toBe(expected);
  });
});
