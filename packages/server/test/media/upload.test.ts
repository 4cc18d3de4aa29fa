/**
 * Uploading, serving, replacing and deleting single media files (§5 upload rules, §7 Media),
 * on every database and both storages.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID, type MenuItem } from '@canopy/core';
import { IMAGE_BLOCK_IDS, VIDEO_BLOCK_IDS } from '../../src/seed/templates-ids';
import { fixture, form, SETUPS, startMediaApp, upload, type MediaApp } from './helpers';

const I = IMAGE_BLOCK_IDS;

describe.each(SETUPS)('media uploads on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup);
  }, 60_000);
  afterAll(() => t?.stop());

  const content = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
  const field = (
    body: { content_fields: Record<string, { field_value: string | null }> },
    block: string,
  ) => body.content_fields[block]?.field_value;
  const mediaFiles = async () => (await t.keys()).filter((key) => key.startsWith('media'));

  it('stores an image, fills its fixed fields and shows its address in menus and content', async () => {
    const id = await t.newItem('image');
    const res = await upload(t, id, 'chart.png', fixture('chart.png'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content_name).toBe('chart');
    expect(field(body, I.itemName)).toBe('chart');
    expect(field(body, I.fileSize)).toBe('76 KB');
    expect(field(body, I.fileDimensions)).toBe('320 x 240');
    const url: string = field(body, I.image)!;
    expect(url).toMatch(new RegExp(`^/media-library/media/${id}\\.png\\?v=[\\w-]+$`));
    expect(body.media_library_directory).toBe('media');
    expect(await mediaFiles()).toContain(`media/media/${id}.png`);

    const menu = (
      await t.request({
        method: 'GET',
        url: `/api/menus/contents/${MEDIA_LIBRARY_ROOT_ID}?level=2`,
      })
    ).json();
    expect(menu.children.find((child: MenuItem) => child.content_id === id).media_url).toBe(url);
    expect(field(await content(id), I.image)).toBe(url);

    const file = await t.request({ method: 'GET', url, as: null });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(fixture('chart.png'))).toBe(true);
    const etag = file.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const bare = url.split('?')[0]!;
    const again = await t.request({
      method: 'GET',
      url: bare,
      as: null,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const plain = await t.request({ method: 'GET', url: bare, as: null });
    expect(plain.headers['cache-control']).toBe('public, no-cache');

    const part = await t.request({
      method: 'GET',
      url: bare,
      as: null,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${fixture('chart.png').length}`);
    expect(part.rawPayload.equals(fixture('chart.png').subarray(0, 8))).toBe(true);
    const beyond = await t.request({
      method: 'GET',
      url: bare,
      as: null,
      headers: { range: 'bytes=99999999-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${fixture('chart.png').length}`);
  });

  it('accepts extensions in any case, keeps a name already given, and reads video dimensions', async () => {
    const photo = await t.newItem('image', 'Team photo');
    const res = await upload(t, photo, 'PHOTO.JPG', fixture('photo.jpg'));
    expect(res.statusCode).toBe(200);
    expect(res.json().content_name).toBe('Team photo');
    expect(field(res.json(), I.image)).toMatch(new RegExp(`/${photo}\\.jpg\\?v=`));
    expect(field(res.json(), I.fileDimensions)).toBe('480 x 270');

    const video = await t.newItem('video');
    const clip = await upload(t, video, 'clip.mp4', fixture('clip.mp4'));
    expect(clip.statusCode).toBe(200);
    expect(field(clip.json(), VIDEO_BLOCK_IDS.dimensions)).toBe('320 x 180');
    expect(field(clip.json(), VIDEO_BLOCK_IDS.size)).toBe('68 KB');
    const served = await t.request({
      method: 'GET',
      url: field(clip.json(), VIDEO_BLOCK_IDS.video)!,
      as: null,
      headers: { range: 'bytes=100-' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.length).toBe(fixture('clip.mp4').length - 100);
  });

  it('refuses by the §5 rules, naming the file, and keeps nothing', async () => {
    const id = await t.newItem('image');
    const before = await mediaFiles();
    const cases: [string, Buffer, string][] = [
      ['README', Buffer.from('x'), 'README: this file has no extension'],
      ['clip.mp4', fixture('clip.mp4'), 'clip.mp4: This filetype is not allowed for images'],
      [
        'page.jpg',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'page.jpg: the content of this file is not a .jpg file',
      ],
      ['chart.gif', fixture('chart.png'), 'chart.gif: the content of this file is not a .gif file'],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await upload(t, id, name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    const none = await t.request({
      method: 'POST',
      url: `/api/media/${id}`,
      ...form([{ name: 'content_id', value: id }]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('please select a file to upload');
    const other = await t.request({
      method: 'POST',
      url: `/api/media/${id}`,
      ...form([
        { name: 'content_id', value: MEDIA_LIBRARY_ROOT_ID },
        { name: 'media', filename: 'chart.png', body: fixture('chart.png') },
      ]),
    });
    expect(other.statusCode).toBe(400);
    expect(await mediaFiles()).toEqual(before);
    expect((await content(id)).content_name).toBe('New Item');
  });

  it('replaces a file with the same extension only', async () => {
    const id = await t.newItem('image');
    const first = await upload(t, id, 'chart.png', fixture('chart.png'));
    const firstUrl = field(first.json(), I.image)!;
    const wrong = await upload(t, id, 'photo.jpg', fixture('photo.jpg'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      'When replacing a file, the new file must have the same extension (png)',
    ]);
    const other = await (
      await import('sharp')
    )
      .default({
        create: { width: 10, height: 20, channels: 3, background: '#123456' },
      })
      .png()
      .toBuffer();
    const second = await upload(t, id, 'small.PNG', other);
    expect(second.statusCode).toBe(200);
    const secondUrl = field(second.json(), I.image)!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(field(second.json(), I.fileDimensions)).toBe('10 x 20');
    const served = await t.request({ method: 'GET', url: firstUrl, as: null });
    expect(served.rawPayload.equals(other)).toBe(true);
    // the old address still works, but is no longer cached for good
    expect(served.headers['cache-control']).toBe('public, no-cache');
  });

  it('sanitises SVG before storing it and serves it under a strict policy', async () => {
    const id = await t.newItem('image');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30" onload="alert(1)">' +
        '<script>alert(2)</script><rect width="40" height="30" fill="red" onclick="alert(3)"/>' +
        '<image xlink:href="https://evil.example/x.png" width="1" height="1"/>' +
        '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>',
    );
    const res = await upload(t, id, 'logo.svg', svg);
    expect(res.statusCode).toBe(200);
    expect(field(res.json(), I.fileDimensions)).toBe('40 x 30');
    const served = await t.request({ method: 'GET', url: field(res.json(), I.image)!, as: null });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.body).toContain('<rect');
    expect(served.body).not.toMatch(/script|onload|onclick|evil\.example|foreignObject|iframe/i);

    const notSvg = await upload(t, id, 'logo.svg', Buffer.from('<html><body>hi</body></html>'));
    expect(notSvg.statusCode).toBe(400);
  });

  it('needs Edit, the lock and a draft', async () => {
    const id = await t.newItem('document');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${id}` });
    const unlocked = await upload(t, id, 'report.pdf', fixture('report.pdf'));
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.json().code).toBe('NOT_LOCKED');
    await t.tokenFor('bob', ['administrator']);
    await t.request({ method: 'PUT', url: `/api/lockcontents/${id}`, as: 'bob' });
    const lockedByBob = await upload(t, id, 'report.pdf', fixture('report.pdf'));
    expect(lockedByBob.statusCode).toBe(423);
    expect(lockedByBob.json().message).toBe('Content has been locked by Bob Tester');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${id}`, as: 'bob' });
    await t.request({ method: 'PUT', url: `/api/lockcontents/${id}` });
    await t.tokenFor('reader', []);
    const noEdit = await upload(t, id, 'report.pdf', fixture('report.pdf'), 'reader');
    expect(noEdit.statusCode).toBe(403);
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(id));
  });

  it('refuses to delete media that content uses, listing the users, and deletes it otherwise', async () => {
    const id = await t.newItem('image');
    const res = await upload(t, id, 'photo.jpg', fixture('photo.jpg'));
    const url = field(res.json(), I.image)!;
    // a page refers to it through a media field
    const page = await t.newPageReferring(url);
    const refused = await t.request({ method: 'DELETE', url: `/api/media/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().referenced_by).toEqual([
      { content_id: page.id, content_name: page.name },
    ]);
    expect((await t.request({ method: 'GET', url, as: null })).statusCode).toBe(200);

    await t.request({ method: 'PUT', url: `/api/lockcontents/${id}` });
    const other = await t.newItem('document');
    await upload(t, other, 'brochure.docx', fixture('brochure.docx'));
    const deleted = await t.request({ method: 'DELETE', url: `/api/media/${other}` });
    expect(deleted.statusCode).toBe(200);
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(other));
  });

  it('removes the files of a media item deleted as content, once the rows are gone', async () => {
    const image = await t.newItem('image');
    await upload(t, image, 'chart.png', fixture('chart.png'));
    const stream = await t.newItem('multi-stream-video');
    await t.request({ method: 'POST', url: `/api/mediacollectionfolder/${stream}` });
    await t.request({
      method: 'POST',
      url: `/api/mediacollectionfile/${stream}`,
      ...form([{ name: 'media', filename: 'poster.jpg', body: fixture('photo.jpg') }]),
    });
    expect(await mediaFiles()).toContainEqual(expect.stringContaining(image));
    expect(await mediaFiles()).toContainEqual(expect.stringContaining(stream));
    for (const id of [image, stream]) {
      const res = await t.request({ method: 'DELETE', url: `/api/contents/${id}` });
      expect(res.statusCode).toBe(200);
    }
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(image));
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(stream));
  });

  it('keeps the old file when the database refuses a replace after the new file went into place', async () => {
    const id = await t.newItem('image');
    const first = await upload(t, id, 'chart.png', fixture('chart.png'));
    const url = field(first.json(), I.image)!;
    const keysBefore = await t.keys();
    // the database refuses the item's new address, so the transaction fails after the move
    if (t.dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_media BEFORE UPDATE OF media_url ON content_items
        BEGIN SELECT RAISE(ABORT, 'refused by test'); END`.execute(t.db);
    } else {
      await sql`CREATE FUNCTION refuse_media() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$`.execute(t.db);
      await sql`CREATE TRIGGER refuse_media BEFORE UPDATE OF media_url ON content_items
        FOR EACH ROW EXECUTE FUNCTION refuse_media()`.execute(t.db);
    }
    try {
      const other = await (
        await import('sharp')
      )
        .default({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const failed = await upload(t, id, 'other.png', other);
      expect(failed.statusCode).toBe(500);
    } finally {
      if (t.dialect === 'sqlite') await sql`DROP TRIGGER refuse_media`.execute(t.db);
      else {
        await sql`DROP TRIGGER refuse_media ON content_items`.execute(t.db);
        await sql`DROP FUNCTION refuse_media()`.execute(t.db);
      }
    }
    const served = await t.request({ method: 'GET', url, as: null });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fixture('chart.png'))).toBe(true);
    expect(await t.keys()).toEqual(keysBefore);
    expect(field(await content(id), I.image)).toBe(url);
  });
});
