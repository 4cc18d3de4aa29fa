/** The demo media library: one item per kind, uploaded through the upload operations, in use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID, type MenuItem } from '@canopy/core';
import { DEMO_HOME_ID } from '../../src/seed/content';
import { PAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import { fixture, SETUPS, startMediaApp, type MediaApp } from './helpers';

describe.each(SETUPS)('the demo media on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup, { demoMedia: true });
  }, 60_000);
  afterAll(() => t?.stop());

  it('has every kind of media, served from its address', async () => {
    const root = (
      await t.request({
        method: 'GET',
        url: `/api/menus/contents/${MEDIA_LIBRARY_ROOT_ID}?level=2`,
      })
    ).json();
    const items = root.children as MenuItem[];
    expect(items.map((item) => [item.content_name, item.content_type_id])).toEqual([
      ['Office photo', 'image'],
      ['Growth chart', 'image'],
      ['Canopy logo', 'image'],
      ['Product clip', 'video'],
      ['Annual report', 'document'],
      ['Brochure', 'document'],
      ['Welcome video', 'multi-stream-video'],
    ]);
    for (const item of items) {
      expect(item.is_locked, item.content_name).toBe(0);
      const res = await t.request({ method: 'GET', url: item.media_url!, as: null });
      expect(res.statusCode, item.content_name).toBe(200);
    }
    const stream = items.find((item) => item.content_type_id === 'multi-stream-video')!;
    expect(stream.media_url).toMatch(/\/master\.m3u8$/);
  });

  it('is used by the demo pages, so it cannot be deleted', async () => {
    const home = (await t.request({ method: 'GET', url: `/api/contents/${DEMO_HOME_ID}` })).json();
    const hero = home.content_fields[PAGE_BLOCK_IDS.heroImage].field_value as string;
    const served = await t.request({ method: 'GET', url: hero, as: null });
    expect(served.rawPayload.equals(fixture('photo.jpg'))).toBe(true);
    const photoId = /\/([0-9a-f-]{36})\.jpg/.exec(hero)![1]!;
    const refused = await t.request({ method: 'DELETE', url: `/api/media/${photoId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().referenced_by).toEqual([
      { content_id: DEMO_HOME_ID, content_name: 'Home' },
    ]);
  });
});
