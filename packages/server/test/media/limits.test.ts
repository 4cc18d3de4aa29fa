/**
 * The 100,000,000-byte cap (§9): one byte more is refused with 413 and §5's message while it
 * streams, memory stays flat (the body is generated, never held), and nothing is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_FILE_SIZE } from '@canopy/core';
import { IMAGE_BLOCK_IDS, VIDEO_BLOCK_IDS } from '../../src/seed/templates-ids';
import { fixture, form, SETUPS, startMediaApp, type MediaApp } from './helpers';

/** A real MP4 header, then zeros, `total` bytes in 1 MB chunks made one at a time. */
function* bigVideo(total: number): Generator<Buffer> {
  const head = fixture('clip.mp4').subarray(0, 8192);
  yield head;
  const chunk = Buffer.alloc(1024 * 1024);
  let left = total - head.length;
  while (left > 0) {
    const size = Math.min(left, chunk.length);
    yield size === chunk.length ? chunk : chunk.subarray(0, size);
    left -= size;
  }
}

describe.each(SETUPS)('the upload size cap on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup);
  }, 60_000);
  afterAll(() => t?.stop());

  it('refuses 100,000,001 bytes with 413 while streaming, memory flat, nothing stored', async () => {
    const id = await t.newItem('video');
    let peak = 0;
    // what the JavaScript heap and buffers keep alive (collected first, so parts already sent
    // and waiting for the collector do not count; the process's resident size would also count
    // the other suites running beside this one)
    const collect = (globalThis as { gc?: () => void }).gc;
    if (!collect) throw new Error('run with --expose-gc (vitest.config.ts sets it)');
    const held = () => {
      collect();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const baseline = held();
    const sampler = setInterval(() => {
      peak = Math.max(peak, held() - baseline);
    }, 50);
    const res = await t.request({
      method: 'POST',
      url: `/api/media/${id}`,
      ...form([
        { name: 'content_id', value: id },
        {
          name: 'media',
          filename: 'huge.mp4',
          body: async function* () {
            yield* bigVideo(MAX_MEDIA_FILE_SIZE + 1);
          },
        },
      ]),
    });
    clearInterval(sampler);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual(['huge.mp4: this file is over the max size of 100.0 MB']);
    // far less than the 100 MB that went through
    expect(peak).toBeLessThan(50 * 1024 * 1024);
    expect(await t.keys()).toEqual([]);
    const item = (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
    expect(item.content_fields[VIDEO_BLOCK_IDS.video].field_value).toBeNull();
    expect(item.content_name).toBe('New Item');
  }, 120_000);

  it('accepts a file without the optional content_id field', async () => {
    const id = await t.newItem('image');
    const res = await t.request({
      method: 'POST',
      url: `/api/media/${id}`,
      ...form([{ name: 'media', filename: 'chart.png', body: fixture('chart.png') }]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content_fields[IMAGE_BLOCK_IDS.fileSize].field_value).toBe('76 KB');
  });
});
