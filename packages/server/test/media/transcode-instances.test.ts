/**
 * Media jobs on PostgreSQL: two apps on one database and one storage folder, each with its
 * pg-boss (DATABASE_URL), the way two instances run. A transcode asked of one is answered alike
 * by the other (run as the user who asked), and a transcode whose source is not a video is tried again, then recorded failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKey } from '../../src/operations/media/files';
import { fixture, startMediaApp, upload, type MediaApp } from './helpers';

const url = process.env.TEST_DATABASE_URL;
const DATABASE = `canopy_media_jobs_${process.pid}_${Date.now()}`;

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

describe.runIf(url)('media jobs on two instances of one PostgreSQL database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-media-jobs-'));
  const settings = {
    CANOPY_JOB_RETRIES: '1',
    CANOPY_JOB_RETRY_DELAY: '1',
    CANOPY_JOB_POLL_INTERVAL: '0.5',
    CANOPY_JOB_MAINTENANCE_INTERVAL: '1',
  };
  let databaseUrl: string;
  let a: MediaApp;
  let b: MediaApp;

  beforeAll(async () => {
    Object.assign(process.env, settings);
    await admin(`CREATE DATABASE "${DATABASE}"`);
    const server = new URL(url!);
    server.pathname = `/${DATABASE}`;
    databaseUrl = server.toString();
    const start = () =>
      startMediaApp(
        { dialect: 'postgres', storage: 'disk' },
        { config: { dataDir, databaseUrl }, databaseUrl },
      );
    a = await start();
    b = await start();
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    for (const name of Object.keys(settings)) delete process.env[name];
    await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

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
    const client = new pg.Client({ connectionString: databaseUrl });
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
