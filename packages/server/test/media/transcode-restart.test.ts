/**
 * A restart on SQLite (one process): a transcode the stopped server was running is recorded
 * failed, with a message saying why, when the server comes back; none stays 'running'. Real
 * servers (`canopy start`) on one data folder; the first is killed while ffmpeg is at work (an
 * ffmpeg that holds until its server is gone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import { startCanopy, type RunningCanopy } from '../../../../e2e/harness';
import { adminApi, type Api } from '../../../../e2e/publishing';
import { INTERRUPTED_MESSAGE } from '../../src/operations/media/media-jobs';
import { DEMO_TEMPLATE_IDS } from '../../src/seed/templates-ids';
import { fixture, holdingFfmpeg } from './helpers';

describe('a transcode a restart interrupted, on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-restart-'));
  const ffmpeg = holdingFfmpeg();
  const env = { CANOPY_DATA_DIR: dataDir, CANOPY_FFMPEG: ffmpeg.program };
  const servers: RunningCanopy[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    ffmpeg.remove();
  });

  async function newItem(api: Api, templateId: string): Promise<string> {
    const item = await api('POST', '/api/contents', {
      parent_id: MEDIA_LIBRARY_ROOT_ID,
      template_id: templateId,
    });
    return item.content_id as string;
  }

  it('is recorded failed when the server comes back', async () => {
    // killed below: nothing is left to stop
    const first = await startCanopy(env);
    const api = await adminApi(first);
    const video = await newItem(api, DEMO_TEMPLATE_IDS.video);
    const body = new FormData();
    body.append('content_id', video);
    body.append('media', new Blob([new Uint8Array(fixture('clip.mp4'))]), 'clip.mp4');
    const uploaded = await fetch(`${first.base}/api/media/${video}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}` },
      body,
    });
    expect(uploaded.status).toBe(200);
    const stream = await newItem(api, DEMO_TEMPLATE_IDS.multiStreamVideo);
    const { job_id } = await api('POST', `/api/mediacollectionfolder/${stream}/transcode`, {
      source_id: video,
    });
    await expect
      .poll(async () => (await api('GET', `/api/mediajobs/${job_id}`)).status, { timeout: 30_000 })
      .toBe('running');

    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGKILL');
    await exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startCanopy(env);
    servers.push(second);
    const again = await adminApi(second);
    const job = await again('GET', `/api/mediajobs/${job_id}`);
    expect(job).toMatchObject({
      job_id,
      content_id: stream,
      source_id: video,
      status: 'failed',
      message: INTERRUPTED_MESSAGE,
      files: [],
    });
  }, 300_000);
});
