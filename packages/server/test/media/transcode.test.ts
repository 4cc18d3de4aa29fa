/**
 * MP4 to multi-stream video with ffmpeg (Debian's package; `npm test` installs it): a background
 * job with progress fills the stream's folder through the upload rules. Without ffmpeg the call
 * answers 501 and says what is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { DEMO_TEMPLATE_IDS, MULTI_STREAM_VIDEO_BLOCK_IDS as S } from '../../src/seed/templates-ids';
import { NO_FFMPEG_MESSAGE } from '../../src/operations/media/transcode';
import { fixture, form, SETUPS, startMediaApp, upload, type MediaApp } from './helpers';

describe.each(SETUPS)('MP4 to multi-stream video on $dialect with $storage storage', (setup) => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(setup);
  }, 60_000);
  afterAll(() => t?.stop());

  const transcode = (streamId: string, sourceId: string) =>
    t.request({
      method: 'POST',
      url: `/api/mediacollectionfolder/${streamId}/transcode`,
      payload: { source_id: sourceId },
    });

  it('turns an uploaded MP4 into HLS renditions and a poster, reporting progress', async () => {
    const video = await t.newItem('video');
    expect((await upload(t, video, 'clip.mp4', fixture('clip.mp4'))).statusCode).toBe(200);
    const stream = await t.newItem('multi-stream-video', 'Clip stream');
    const started = await transcode(stream, video);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      kind: 'hls',
      source_id: video,
      content_id: stream,
      status: 'queued',
      progress: 0,
    });
    const jobUrl = `/api/mediajobs/${started.json().job_id}`;
    const seen: number[] = [];
    let job = started.json();
    for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(job.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await t.request({ method: 'GET', url: jobUrl })).json();
      seen.push(job.progress);
    }
    expect(job.message).toBeNull();
    expect(job.status).toBe('succeeded');
    expect(job.progress).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(job.files).toContain(`/media-library/media/${stream}/master.m3u8`);
    expect(job.files).toContain(`/media-library/media/${stream}/poster.jpg`);

    const item = (await t.request({ method: 'GET', url: `/api/contents/${stream}` })).json();
    const master = `/media-library/media/${stream}/master.m3u8`;
    expect(item.content_fields[S.streamingVideo].field_value).toBe(master);
    expect(item.content_fields[S.fileInformation].field_value).toBe('320 x 180, 2 streams');
    expect(item.content_fields[S.videoPoster].field_value).toMatch(/poster\.jpg\?v=/);
    const playlist = await t.request({ method: 'GET', url: master, as: null });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-STREAM-INF');
    const variant = /^(\w+\.m3u8)$/m.exec(playlist.body)![1]!;
    const media = await t.request({
      method: 'GET',
      url: `/media-library/media/${stream}/${variant}`,
      as: null,
    });
    expect(media.body).toContain('#EXT-X-MAP:URI=');
    expect(media.body).toContain('#EXT-X-ENDLIST');
  }, 120_000);

  it('runs a job asked for with an API key as that key', async () => {
    const key = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'transcoder', scope: 'role', role_id: 'administrator' },
    });
    expect(key.statusCode).toBe(201);
    const headers = { 'x-api-key': key.json().key as string };
    const asKey = (options: Parameters<typeof t.request>[0]) =>
      t.request({ ...options, as: null, headers: { ...options.headers, ...headers } });
    const newItem = async (templateId: string) =>
      (
        await asKey({
          method: 'POST',
          url: '/api/contents',
          payload: { parent_id: MEDIA_LIBRARY_ROOT_ID, template_id: templateId },
        })
      ).json().content_id as string;
    const video = await newItem(DEMO_TEMPLATE_IDS.video);
    const file = form([
      { name: 'content_id', value: video },
      { name: 'media', filename: 'clip.mp4', body: fixture('clip.mp4') },
    ]);
    const uploaded = await asKey({
      method: 'POST',
      url: `/api/media/${video}`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.statusCode).toBe(200);
    const stream = await newItem(DEMO_TEMPLATE_IDS.multiStreamVideo);
    const started = await asKey({
      method: 'POST',
      url: `/api/mediacollectionfolder/${stream}/transcode`,
      payload: { source_id: video },
    });
    expect(started.json()).toMatchObject({ status: 'queued', created_by: 'apikey:transcoder' });
    const jobUrl = `/api/mediajobs/${started.json().job_id}`;
    await expect
      .poll(async () => (await asKey({ method: 'GET', url: jobUrl })).json().status, {
        timeout: 60_000,
      })
      .toBe('succeeded');
    const audit = await t.request({
      method: 'GET',
      url: `/api/audit?content_id=${stream}&action=media-upload`,
    });
    const actors = (audit.json().entries as { actor: string }[]).map((entry) => entry.actor);
    expect(actors.length).toBeGreaterThan(2);
    expect(new Set(actors)).toEqual(new Set(['apikey:transcoder']));
  }, 120_000);

  it('refuses a source that is not an uploaded video, and needs the stream item', async () => {
    const image = await t.newItem('image');
    const stream = await t.newItem('multi-stream-video');
    const notVideo = await transcode(stream, image);
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().message).toBe(
      'New Item is not a video item with an uploaded MP4; upload one first',
    );
    const video = await t.newItem('video');
    const wrongTarget = await transcode(image, video);
    expect(wrongTarget.statusCode).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: '/api/mediajobs/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('MP4 to multi-stream video without ffmpeg', () => {
  let t: MediaApp;
  beforeAll(async () => {
    t = await startMediaApp(SETUPS[0]!, { config: { ffmpeg: '/nonexistent/ffmpeg' } });
  }, 60_000);
  afterAll(() => t?.stop());

  it('answers 501 and says what the server lacks', async () => {
    const video = await t.newItem('video');
    await upload(t, video, 'clip.mp4', fixture('clip.mp4'));
    const stream = await t.newItem('multi-stream-video');
    const res = await t.request({
      method: 'POST',
      url: `/api/mediacollectionfolder/${stream}/transcode`,
      payload: { source_id: video },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ code: 'NOT_IMPLEMENTED', message: NO_FFMPEG_MESSAGE });
  });
});
