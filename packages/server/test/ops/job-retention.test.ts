/**
 * Finished job rows do not pile up: builds and media jobs that finished longer ago than the
 * retention (CANOPY_JOB_RETENTION_DAYS) are removed as pruning starts and at each round after,
 * while recent ones, unfinished ones and the build a target serves stay. On PostgreSQL a round
 * that finds another instance holding the pruning lock leaves the rows to it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneFinishedJobs, startPruning, type RetentionOptions } from '../../src/jobs/retention';
import { jobSettings } from '../../src/publishing/jobs';
import { DEMO_HOME_ID, DEMO_SITE_ID } from '../../src/seed/content';
import { seedIfEmpty } from '../../src/seed/index';
import { DIALECTS, startApp, type TestApp } from '../harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

it('keeps finished jobs 30 days unless CANOPY_JOB_RETENTION_DAYS says otherwise', () => {
  expect(jobSettings({}).retentionDays).toBe(30);
  expect(jobSettings({ CANOPY_JOB_RETENTION_DAYS: '7' }).retentionDays).toBe(7);
});

describe.each(DIALECTS)('finished job rows on %s', (dialect) => {
  let t: TestApp;
  let options: RetentionOptions;

  beforeAll(async () => {
    t = await startApp(dialect);
    await seedIfEmpty(t.db);
    options = {
      db: t.db,
      dialect,
      retentionDays: 1,
      served: () => t.app.publishing.servedBuildIds(),
    };
  });

  afterAll(async () => {
    await t.close();
  });

  async function build(
    status: string,
    finished: string | null,
    build_id: string = randomUUID(),
  ): Promise<string> {
    await t.db
      .insertInto('builds')
      .values({
        build_id,
        site_id: DEMO_SITE_ID,
        mode: 'delivery',
        build_definition_id: '263',
        build_type: 'both',
        status,
        release_id: null,
        requested_by: 'admin',
        queued_date: ago(3 * DAY_MS),
        started_date: ago(3 * DAY_MS),
        finished_date: finished,
        pages_total: 0,
        pages_done: 0,
        pages_rendered: 0,
        error: null,
      })
      .execute();
    return build_id;
  }

  async function mediaJob(status: string, updated: string): Promise<string> {
    const job_id = randomUUID();
    await t.db
      .insertInto('media_jobs')
      .values({
        job_id,
        kind: 'hls',
        source_id: DEMO_HOME_ID,
        content_id: DEMO_HOME_ID,
        status,
        progress: 0,
        message: null,
        files: '[]',
        actor_kind: 'user',
        created_by: 'admin',
        created_date: ago(3 * DAY_MS),
        updated_date: updated,
      })
      .execute();
    return job_id;
  }

  /** Which of the addresses answer 200 (the others answer 404). */
  async function answering(urls: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const url of urls) {
      const res = await t.request({ method: 'GET', url });
      expect([200, 404], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) found.push(url);
    }
    return found;
  }

  /**
   * Rows of every kind: the old finished ones are to go, the rest to stay. The served build is
   * named the target's before its row is written: a round may come in between.
   */
  async function rows() {
    const served = randomUUID();
    await t.app.publishing.store(DEMO_SITE_ID, 'delivery').setCurrent(served);
    await build('succeeded', ago(2 * DAY_MS), served);
    const old = [
      `/api/builds/${await build('succeeded', ago(2 * DAY_MS))}`,
      `/api/builds/${await build('failed', ago(2 * DAY_MS))}`,
      `/api/mediajobs/${await mediaJob('succeeded', ago(2 * DAY_MS))}`,
      `/api/mediajobs/${await mediaJob('failed', ago(2 * DAY_MS))}`,
    ];
    const kept = [
      `/api/builds/${served}`,
      `/api/builds/${await build('succeeded', ago(DAY_MS / 2))}`,
      `/api/builds/${await build('queued', null)}`,
      `/api/mediajobs/${await mediaJob('succeeded', ago(DAY_MS / 2))}`,
      `/api/mediajobs/${await mediaJob('running', ago(2 * DAY_MS))}`,
    ];
    return { old, kept };
  }

  it('removes the rows finished before the retention, at start and at each round after', async () => {
    const first = await rows();
    expect(await answering([...first.old, ...first.kept])).toEqual([...first.old, ...first.kept]);
    const stop = startPruning(options, (error) => expect.fail(String(error)), 200);
    try {
      await expect.poll(() => answering([...first.old, ...first.kept])).toEqual(first.kept);
      // and at a later round: rows written since
      const second = await rows();
      await expect.poll(() => answering([...second.old, ...second.kept])).toEqual(second.kept);
    } finally {
      await stop();
    }
  });

  it.runIf(dialect === 'postgres')(
    'leaves them to the instance that holds the pruning lock',
    async () => {
      const { old, kept } = await rows();
      expect(await answering([...old, ...kept])).toEqual([...old, ...kept]);
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock(7264002)');
        expect(await pruneFinishedJobs(options)).toBeUndefined();
        expect(await answering([...old, ...kept])).toEqual([...old, ...kept]);
        await other.query('SELECT pg_advisory_unlock(7264002)');
      } finally {
        await other.end();
      }
      // another test's server may take the lock for a moment: this one prunes once it has it
      await expect.poll(() => pruneFinishedJobs(options)).toBeDefined();
      expect(await answering([...old, ...kept])).toEqual(kept);
    },
  );
});
