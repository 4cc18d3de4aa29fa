/**
 * Responsive images: `?w=` and `?h=` give cached WebP renditions (never enlarged, bad sizes
 * refused), crops keep the focal point set through /api/media/{id}/focalpoint, and a deleted
 * item takes its renditions with it; on every database and both storages.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import { fixture, SETUPS, startMediaApp, upload, type MediaApp } from './helpers';

/** 200 x 100: the left half red, the right half blue. */
async function halves(): Promise<Buffer> {
  const blue = await sharp({
    create: { width: 100, height: 100, channels: 3, background: '#0000ff' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 100, top: 0 }])
    .png()
    .toBuffer();
}

/** Mean red and blue of an image, 0-255. */
async function colour(bytes: Buffer): Promise<{ red: number; blue: number }> {
  const stats = await sharp(bytes).stats();
  return { red: stats.channels[0]!.mean, blue: stats.channels[2]!.mean };
}

describe.each(SETUPS)('image renditions on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup);
  }, 60_000);
  afterAll(() => t?.stop());

  const get = (url: string) => t.request({ method: 'GET', url, as: null });
  const uploaded = async (name: string, bytes: Buffer) => {
    const id = await t.newItem('image');
    const res = await upload(t, id, name, bytes);
    expect(res.statusCode).toBe(200);
    return { id, url: res.json().content_fields[IMAGE_BLOCK_IDS.image].field_value as string };
  };
  const renditionKeys = async (id: string) =>
    (await t.keys()).filter((key) => key.startsWith('media-renditions/') && key.includes(id));

  it('serves the nearest WebP rendition at or above ?w=, made once and cached', async () => {
    const { id, url } = await uploaded('photo.jpg', fixture('photo.jpg')); // 480 x 270
    const res = await get(`${url}&w=300`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 180]);
    expect(await renditionKeys(id)).toHaveLength(1);

    const again = await get(`${url}&w=310`);
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(await renditionKeys(id)).toHaveLength(1);
    const notModified = await t.request({
      method: 'GET',
      url: `${url}&w=320`,
      as: null,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);

    // never larger than the original; a height alone keeps the ratio
    const wide = await sharp((await get(`${url}&w=4000`)).rawPayload).metadata();
    expect([wide.width, wide.height]).toEqual([480, 270]);
    const tall = await sharp((await get(`${url}&h=100`)).rawPayload).metadata();
    expect([tall.width, tall.height]).toEqual([284, 160]);
    // a crop fills the box asked for, shrunk to fit the original
    const square = await sharp((await get(`${url}&w=640&h=640`)).rawPayload).metadata();
    expect([square.width, square.height]).toEqual([270, 270]);
  });

  it('refuses sizes that are not sizes, and renditions of what is not a raster image', async () => {
    const { url } = await uploaded('chart.png', fixture('chart.png'));
    const message = (name: string) =>
      `The query parameter "${name}" must be a whole number of pixels from 1 to 4000`;
    for (const query of ['w=0', 'w=abc', 'w=4001', 'w=1.5', 'h=-1', 'w=']) {
      const res = await get(`${url}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message(query[0]!));
    }
    const svg = await uploaded(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>'),
    );
    const refused = await get(`${svg.url}&w=320`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Renditions (w and h) are made of png, jpg, jpeg, gif images; a .svg file is served as it is',
    );
    expect((await get('/media-library/media/nothing.png?w=320')).statusCode).toBe(404);
  });

  it('keeps the focal point in the frame of a crop', async () => {
    const { id, url } = await uploaded('halves.png', await halves());
    const crop = async () => colour((await get(`${url}&w=320&h=320`)).rawPayload);
    const initial = await t.request({ method: 'GET', url: `/api/media/${id}/focalpoint` });
    expect(initial.json()).toEqual({ content_id: id, x: 0.5, y: 0.5, is_set: false });
    const centred = await crop();
    expect(centred.red).toBeGreaterThan(80);
    expect(centred.blue).toBeGreaterThan(80);

    const left = await t.request({
      method: 'PUT',
      url: `/api/media/${id}/focalpoint`,
      payload: { x: 0.1, y: 0.5 },
    });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ content_id: id, x: 0.1, y: 0.5, is_set: true });
    const onLeft = await crop();
    expect(onLeft.red).toBeGreaterThan(240);
    expect(onLeft.blue).toBeLessThan(15);

    await t.request({
      method: 'PUT',
      url: `/api/media/${id}/focalpoint`,
      payload: { x: 0.9, y: 0.2 },
    });
    const onRight = await crop();
    expect(onRight.blue).toBeGreaterThan(240);
    expect(onRight.red).toBeLessThan(15);
    const read = await t.request({ method: 'GET', url: `/api/media/${id}/focalpoint` });
    expect(read.json()).toEqual({ content_id: id, x: 0.9, y: 0.2, is_set: true });

    const cleared = await t.request({ method: 'DELETE', url: `/api/media/${id}/focalpoint` });
    expect(cleared.json()).toEqual({ content_id: id, x: 0.5, y: 0.5, is_set: false });
    // Each change is on the item's record.
    const record = await t.request({
      method: 'GET',
      url: `/api/audit?content_id=${id}&action=save`,
    });
    expect(
      (record.json() as { entries: { details: unknown }[] }).entries.map((e) => e.details),
    ).toEqual([{ focal_point: null }, { focal_point: '0.9,0.2' }, { focal_point: '0.1,0.5' }]);
  });

  it('checks focal points: fractions, images only, the lock', async () => {
    const { id } = await uploaded('photo.jpg', fixture('photo.jpg'));
    const outside = await t.request({
      method: 'PUT',
      url: `/api/media/${id}/focalpoint`,
      payload: { x: 1.5, y: 0.5 },
    });
    expect(outside.statusCode).toBe(400);
    const video = await t.newItem('video');
    const notImage = await t.request({
      method: 'PUT',
      url: `/api/media/${video}/focalpoint`,
      payload: { x: 0.5, y: 0.5 },
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('New Item is a video item; this call is for image items');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${id}` });
    const unlocked = await t.request({
      method: 'PUT',
      url: `/api/media/${id}/focalpoint`,
      payload: { x: 0.5, y: 0.5 },
    });
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.json().code).toBe('NOT_LOCKED');
  });

  it('removes renditions with their item, and those of a replaced file', async () => {
    const { id, url } = await uploaded('chart.png', fixture('chart.png'));
    expect((await get(`${url}&w=160`)).statusCode).toBe(200);
    expect(await renditionKeys(id)).toHaveLength(1);
    const other = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const replaced = await upload(t, id, 'chart.png', other);
    expect(replaced.statusCode).toBe(200);
    expect(await renditionKeys(id)).toEqual([]);
    const next = replaced.json().content_fields[IMAGE_BLOCK_IDS.image].field_value as string;
    const small = await sharp((await get(`${next}&w=160`)).rawPayload).metadata();
    expect([small.width, small.height]).toEqual([40, 20]);
    expect(await renditionKeys(id)).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: `/api/media/${id}` })).statusCode).toBe(200);
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(id));
  });
});
