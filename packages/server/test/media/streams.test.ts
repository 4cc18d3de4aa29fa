/**
 * Multi-stream video (§7 Media): a folder, then its files one by one; playlists may only name
 * files of their own folder; the master playlist is the item's address and is served as HLS.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTI_STREAM_VIDEO_BLOCK_IDS as S } from '../../src/seed/templates-ids';
import { FILES, fixture, SETUPS, startMediaApp, uploadToFolder, type MediaApp } from './helpers';

const STREAM_FILES = readdirSync(join(FILES, 'stream')).sort();

describe.each(SETUPS)('multi-stream video on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup);
  }, 60_000);
  afterAll(() => t?.stop());

  const sendFile = (id: string, name: string, body: Buffer) => uploadToFolder(t, id, name, body);

  it('stores a folder of playlists, segments and a poster and serves the master playlist', async () => {
    const id = await t.newItem('multi-stream-video');
    const early = await sendFile(id, 'master.m3u8', fixture('stream/master.m3u8'));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Create the media collection folder first (POST /api/mediacollectionfolder/${id})`,
    );
    const folder = await t.request({ method: 'POST', url: `/api/mediacollectionfolder/${id}` });
    expect(folder.statusCode).toBe(201);
    for (const name of STREAM_FILES) {
      const res = await sendFile(id, name, fixture(`stream/${name}`));
      expect(res.statusCode, name).toBe(200);
    }
    const item = (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
    const master = `/media-library/media/${id}/master.m3u8`;
    expect(item.content_fields[S.streamingVideo].field_value).toBe(master);
    expect(item.content_fields[S.fileInformation].field_value).toBe('640 x 360, 2 streams');
    expect(item.content_fields[S.videoPoster].field_value).toMatch(
      new RegExp(`^/media-library/media/${id}/poster\\.jpg\\?v=`),
    );

    const playlist = await t.request({ method: 'GET', url: master, as: null });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toBe(fixture('stream/master.m3u8').toString());
    const segment = await t.request({
      method: 'GET',
      url: `/media-library/media/${id}/360p_000.m4s`,
      as: null,
    });
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.rawPayload.equals(fixture('stream/360p_000.m4s'))).toBe(true);
  });

  it('refuses playlists that leave their folder, unsafe names and wrong types', async () => {
    const id = await t.newItem('multi-stream-video');
    await t.request({ method: 'POST', url: `/api/mediacollectionfolder/${id}` });
    const bad: [string, string, string][] = [
      ['up.m3u8', '#EXTM3U\n#EXTINF:2,\n../other/seg.m4s\n', '../other/seg.m4s'],
      ['abs.m3u8', '#EXTM3U\n#EXTINF:2,\n/etc/passwd\n', '/etc/passwd'],
      [
        'ext.m3u8',
        '#EXTM3U\n#EXT-X-MAP:URI="https://evil.example/init.m4s"\n',
        'https://evil.example/init.m4s',
      ],
    ];
    for (const [name, text, uri] of bad) {
      const res = await sendFile(id, name, Buffer.from(text));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain(
        `names "${uri}"; a playlist may only name files of its own folder`,
      );
    }
    const notPlaylist = await sendFile(id, 'x.m3u8', Buffer.from('hello'));
    expect(notPlaylist.statusCode).toBe(400);
    const traversal = await sendFile(id, '..%2Fx.m4s', fixture('stream/360p_000.m4s'));
    expect(traversal.statusCode).toBe(400);
    const mp4 = await sendFile(id, 'clip.mp4', fixture('clip.mp4'));
    expect(mp4.json().errors).toEqual([
      'clip.mp4: This filetype is not allowed for multi-stream-videos',
    ]);
    const html = await sendFile(id, 'seg.m4s', Buffer.from('<html></html>'));
    expect(html.json().errors).toEqual(['seg.m4s: the content of this file is not a .m4s file']);
    expect(await t.keys()).not.toContainEqual(expect.stringContaining(id));

    const removed = await t.request({ method: 'DELETE', url: `/api/mediacollectionfolder/${id}` });
    expect(removed.statusCode).toBe(200);
  });
});
