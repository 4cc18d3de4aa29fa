/**
 * Media jobs on PostgreSQL: apps on one database and one storage folder, each with its pg-boss
 * (DATABASE_URL), the way instances run. A transcode asked of one is answered alike by the other
 * (and run as the user who asked); one whose source is no video is tried again, then recorded
 * failed; one whose last try runs out of time is recorded failed too, not left running.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKey } from '../../src/operations/media/files';
import type { Config } from '../../src/config';
import { ABANDONED_MESSAGE } from '../../src/operations/media/media-jobs';
import { fixture, holdingFfmpeg, startMediaApp, upload, type MediaApp } from './helpers';

const url = process.env.TEST_DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Job {
  job_id: string;
  status: string;
  message: string | null;
  files: string[];
}

/**
 * `count` apps on a PostgreSQL database of their own and one storage folder, each with its
 * pg-boss (`CANOPY_JOB_*` from `settings`), made before the describe's tests and dropped after.
 */
function instances(count: number, settings: Record<string, string>, config: Partial<Config> = {}) {
  const name = `canopy_media_jobs_${process.pid}_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-media-jobs-'));
  const made = { apps: [] as MediaApp[], databaseUrl: '' };
  beforeAll(async () => {
    Object.assign(process.env, settings);
    await admin(`CREATE DATABASE "${name}"`);
    const server = new URL(url!);
    server.pathname = `/${name}`;
    made.databaseUrl = server.toString();
    for (let i = 0; i < count; i++) {
      made.apps.push(
        await startMediaApp(
          { dialect: 'postgres', storage: 'disk' },
          {
            config: { dataDir, databaseUrl: made.databaseUrl, ...config },
            databaseUrl: made.databaseUrl,
          },
        ),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of made.apps) await app.stop();
    for (const setting of Object.keys(settings)) delete process.env[setting];
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return made;
}

const job = async (t: MediaApp, jobId: string): Promise<Job> =>
  (await t.request({ method: 'GET', url: `/api/mediajobs/${jobId}` })).json();

async function finished(t: MediaApp, jobId: string): Promise<Job> {
  let current = await job(t, jobId);
  await expect
    .poll(
      async () => {
        current = await job(t, jobId);
        return current.status;
      },
      { timeout: 90_000, interval: 100 },
    )
    .toMatch(/^(succeeded|failed)$/);
  return current;
}

async function transcodeOn(t: MediaApp, streamId: string, sourceId: string): Promise<Job> {
  const started = await t.request({
    method: 'POST',
    url: `/api/mediacollectionfolder/${streamId}/transcode`,
    payload: { source_id: sourceId },
  });
  expect(started.statusCode).toBe(202);
  return started.json();
}

describe.runIf(url)('media jobs on two instances of one PostgreSQL database', () => {
  const made = instances(2, {
    CANOPY_JOB_RETRIES: '1',
    CANOPY_JOB_RETRY_DELAY: '1',
    CANOPY_JOB_POLL_INTERVAL: '0.5',
    CANOPY_JOB_MAINTENANCE_INTERVAL: '1',
  });
  let a: MediaApp;
  let b: MediaApp;
  beforeAll(() => {
    [a, b] = made.apps as [MediaApp, MediaApp];
  });

  it('answers a job asked of one instance alike on the other', async () => {
    const video = await a.newItem('video');
    expect((await upload(a, video, 'clip.mp4', fixture('clip.mp4'))).statusCode).toBe(200);
    const stream = await a.newItem('multi-stream-video', 'Shared stream');
    const started = await transcodeOn(a, stream, video);

    const done = await finished(b, started.job_id);
    expect(done.message).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.files).toContain(`/media-library/media/${stream}/master.m3u8`);
    expect(await job(a, started.job_id)).toEqual(done);
    const master = await b.request({ method: 'GET', url: done.files.at(-1)!, as: null });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    // whichever instance ran it acted as the user who asked: the audit record names them
    const audit = await b.request({
      method: 'GET',
      url: `/api/audit?content_id=${stream}&action=media-upload`,
    });
    const uploads = audit.json().entries as {
      actor: string;
      actor_kind: string;
      details: { file: string };
    }[];
    expect(uploads.map((entry) => entry.details.file).sort()).toEqual(
      done.files.map((file) => file.split('/').pop()!).sort(),
    );
    expect(new Set(uploads.map((entry) => `${entry.actor_kind} ${entry.actor}`))).toEqual(
      new Set(['user admin']),
    );
  }, 120_000);

  it('tries a failing transcode again, then records it failed with the reason', async () => {
    const video = await b.newItem('video');
    expect((await upload(b, video, 'clip.mp4', fixture('clip.mp4'))).statusCode).toBe(200);
    // the stored MP4 is broken after the upload: ffprobe cannot read it
    const item = await b.db
      .selectFrom('content_items')
      .select('media_library_directory')
      .where('content_id', '=', video)
      .executeTakeFirstOrThrow();
    await b.app.canopy.storage.put(
      mediaKey(item.media_library_directory!, video, 'mp4'),
      Buffer.from('not a video'),
    );
    const stream = await b.newItem('multi-stream-video', 'Broken stream');
    const started = await transcodeOn(b, stream, video);

    const done = await finished(a, started.job_id);
    expect(done.status).toBe('failed');
    expect(done.message).toMatch(/^ffprobe exited with 1: .*Invalid data found/s);
    expect(done.files).toEqual([]);
    // one attempt and one retry (CANOPY_JOB_RETRIES=1) before it was recorded failed
    const client = new pg.Client({ connectionString: made.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'canopy-transcode' AND data->>'buildId' = $1`,
        [started.job_id],
      );
      expect(rows).toEqual([{ state: 'failed', retry_count: 1 }]);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe.runIf(url)('a media job whose last try ran out of time', () => {
  const ffmpeg = holdingFfmpeg();
  const made = instances(
    1,
    {
      CANOPY_JOB_TIMEOUT: '1',
      CANOPY_JOB_RETRIES: '0',
      CANOPY_JOB_POLL_INTERVAL: '0.5',
      CANOPY_JOB_MAINTENANCE_INTERVAL: '1',
    },
    { ffmpeg: ffmpeg.program },
  );
  afterAll(() => ffmpeg.remove());

  it('is recorded failed, not left running', async () => {
    const [t] = made.apps as [MediaApp];
    const video = await t.newItem('video');
    expect((await upload(t, video, 'clip.mp4', fixture('clip.mp4'))).statusCode).toBe(200);
    const stream = await t.newItem('multi-stream-video');
    const started = await transcodeOn(t, stream, video);
    await expect.poll(async () => (await job(t, started.job_id)).status).toBe('running');

    const done = await finished(t, started.job_id);
    expect(done).toMatchObject({ status: 'failed', message: ABANDONED_MESSAGE, files: [] });
    // the attempt still at work fails later and leaves that record as it is
    ffmpeg.release();
  }, 120_000);
});
