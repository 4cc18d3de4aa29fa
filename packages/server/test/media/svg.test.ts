/**
 * SVG uploads as design tools export them (XML declaration, generator comments, a DOCTYPE with
 * an internal subset, Inkscape's namespaces, byte-order marks) are stored sanitised and render;
 * a file that is not SVG is refused saying why, and nothing is kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { IMAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import { fixture, startMediaApp, upload, type MediaApp } from './helpers';

const I = IMAGE_BLOCK_IDS;
const svgFixture = (name: string) => readFileSync(join(import.meta.dirname, 'svg', name));
const utf8Bom = (bytes: Buffer) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
const utf16leBom = (bytes: Buffer) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes.toString('utf8'), 'utf16le')]);

/** The colour sharp (librsvg) paints at a point of the SVG, as #rrggbb. */
async function colourAt(svg: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The Inkscape file as an older tool writes it: in ISO-8859-1, as its declaration says. */
const latin1 = (bytes: Buffer) =>
  Buffer.from(
    bytes
      .toString('utf8')
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace('Canopy\u00a0Cloud', 'Caf\u00e9\u00a0Canopy'),
    'latin1',
  );

const EXPORTS = [
  {
    tool: 'Inkscape',
    file: 'inkscape.svg',
    bytes: svgFixture('inkscape.svg'),
    size: '120 x 80',
    point: [60, 40], // the white star over the gradient
    colour: '#ffffff',
    text: 'Canopy\u00a0Cloud',
  },
  {
    tool: 'Illustrator (DOCTYPE with entities)',
    file: 'illustrator.svg',
    bytes: svgFixture('illustrator.svg'),
    size: '96 x 64',
    point: [32, 32], // the circle
    colour: '#a5d6a7',
  },
  {
    tool: 'Figma',
    file: 'figma.svg',
    bytes: svgFixture('figma.svg'),
    size: '48 x 48',
    point: [24, 30], // the triangle
    colour: '#a5d6a7',
  },
  {
    tool: 'Inkscape, saved again with a UTF-8 byte-order mark',
    file: 'inkscape-bom.svg',
    bytes: utf8Bom(svgFixture('inkscape.svg')),
    size: '120 x 80',
    point: [60, 40],
    colour: '#ffffff',
    text: 'Canopy\u00a0Cloud',
  },
  {
    tool: 'Inkscape, written in the ISO-8859-1 its declaration names',
    file: 'inkscape-latin1.svg',
    bytes: latin1(svgFixture('inkscape.svg')),
    size: '120 x 80',
    point: [60, 40],
    colour: '#ffffff',
    text: 'Caf\u00e9\u00a0Canopy',
  },
  {
    tool: 'Illustrator, saved again as UTF-16 with a byte-order mark',
    file: 'illustrator-utf16.svg',
    bytes: utf16leBom(svgFixture('illustrator.svg')),
    size: '96 x 64',
    point: [4, 4], // the background
    colour: '#1f6f4a',
  },
];

describe.each(DIALECTS)('SVG uploads on %s', (dialect) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp({ dialect, storage: 'disk' });
  }, 60_000);
  afterAll(() => t?.stop());

  const imageUrl = (body: { content_fields: Record<string, { field_value: string | null }> }) =>
    body.content_fields[I.image]?.field_value;

  it.each(EXPORTS)('stores an export of $tool sanitised, and it renders', async (svg) => {
    const id = await t.newItem('image');
    const res = await upload(t, id, svg.file, svg.bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content_fields[I.fileDimensions].field_value).toBe(svg.size);

    const served = await t.request({ method: 'GET', url: imageUrl(res.json())!, as: null });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    // well-formed XML (the XML parser throws otherwise) in the SVG namespace
    const document = new JSDOM(served.rawPayload, { contentType: 'image/svg+xml' }).window.document;
    expect(document.documentElement.localName).toBe('svg');
    expect(document.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(served.body).not.toMatch(/sodipodi|inkscape:|DOCTYPE|ENTITY|Generator/);
    if (svg.text) expect(document.querySelector('tspan')?.textContent).toBe(svg.text);
    expect(await colourAt(served.rawPayload, svg.point[0]!, svg.point[1]!)).toBe(svg.colour);
  });

  it('still removes scripts, handlers and external references from an Inkscape file', async () => {
    const id = await t.newItem('image');
    const hostile = svgFixture('inkscape.svg')
      .toString('utf8')
      .replace(
        '<defs',
        '<script>alert(1)</script><image xlink:href="https://evil.example/x.png"/><defs',
      )
      .replace('id="rect1"', 'id="rect1" onclick="alert(2)"');
    const res = await upload(t, id, 'badge.svg', Buffer.from(hostile));
    expect(res.statusCode).toBe(200);
    const served = await t.request({ method: 'GET', url: imageUrl(res.json())!, as: null });
    expect(served.body).toContain('id="rect1"');
    expect(served.body).not.toMatch(/script|alert|evil\.example/);
  });

  it.each([
    {
      what: 'an HTML page',
      bytes: Buffer.from('<!DOCTYPE html>\n<html><body><p>hi</p></body></html>'),
      why: 'its first element is <html>, not <svg>',
    },
    {
      what: 'another XML document',
      bytes: Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"></rss>'),
      why: 'its first element is <rss>, not <svg>',
    },
    {
      what: 'a PNG image',
      bytes: fixture('chart.png'),
      why: 'its bytes are those of a .png file',
    },
    { what: 'plain text', bytes: Buffer.from('just some words'), why: 'it holds no <svg> element' },
    {
      what: 'a file cut off in its prolog',
      bytes: Buffer.from('<?xml version="1.0"?>\n<!-- Created with Inkscape'),
      why: 'a comment, declaration or DOCTYPE before its <svg> element is never closed',
    },
  ])('refuses $what named .svg, saying why, and keeps nothing', async ({ bytes, why }) => {
    const id = await t.newItem('image');
    const res = await upload(t, id, 'logo.svg', bytes);
    expect(res.statusCode).toBe(400);
    const message = `logo.svg: the content of this file is not a .svg file (${why})`;
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toEqual([message]);
    expect((await t.keys()).filter((key) => key.includes(id))).toEqual([]);
  });
});
