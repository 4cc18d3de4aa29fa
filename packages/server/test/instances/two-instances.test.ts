/**
 * Two real instances (`canopy start`) on one fresh PostgreSQL database and one S3 bucket (a
 * `moto_server`), each with a data folder of its own: builds are durable jobs either instance
 * runs, once, and both serve them from the bucket; a killed instance's build is finished by the
 * other; a scheduled publish is built once with both up.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCanopy, type RunningCanopy } from '../../../../e2e/harness';
import { adminApi, DEMO_SITE, pageId, stageTitle, type Api } from '../../../../e2e/publishing';
import { admin, SERVER, until } from './postgres';
import { startMoto, type Moto } from '../storage/moto';

const DATABASE = `canopy_instances_${process.pid}_${Date.now()}`;
const COMPONENTS = fileURLToPath(new URL('./holding-components.ts', import.meta.url));

async function titleOn(server: RunningCanopy, path: string): Promise<string | undefined> {
  const response = await fetch(`${server.base}${path}`);
  if (response.status !== 200) return undefined;
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1];
}

/** The builds waiting in the queue, as `server`'s /metrics tells. */
async function queueDepth(server: RunningCanopy): Promise<number> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  return Number(/^canopy_build_queue_depth (\S+)$/m.exec(text)?.[1]);
}

interface BuildView {
  build_id: string;
  status: string;
  requested_by: string;
}

async function finished(api: Api, buildId: string): Promise<BuildView | undefined> {
  const build = (await api('GET', `/api/builds/${buildId}`)) as BuildView;
  return ['succeeded', 'failed'].includes(build.status) ? build : undefined;
}

function publish(api: Api): Promise<{ build_id: string }> {
  return api('POST', '/api/builds', {
    mode: 'delivery',
    site_id: DEMO_SITE,
    build_definition_id: '263',
    build_type: 'both',
  });
}

describe('two instances on one PostgreSQL database and one S3 bucket', () => {
  const shared = mkdtempSync(join(tmpdir(), 'canopy-instances-'));
  const holdDir = join(shared, 'hold-files');
  let db: pg.Client;
  let moto: Moto;
  let bucket: S3Client;
  let a: RunningCanopy;
  let b: RunningCanopy;
  /** The instance killed on purpose: nothing is left to stop. */
  let killed: RunningCanopy | undefined;
  let apiA: Api;
  let apiB: Api;
  let publicUrl: string;

  // Each instance has a data folder of its own (startCanopy makes one): what they share is in the
  // database and the bucket.
  const start = () =>
    startCanopy({
      DATABASE_URL: `${SERVER}/${DATABASE}`,
      CANOPY_STORAGE: 's3',
      CANOPY_S3_BUCKET: moto.config.bucket,
      CANOPY_S3_ENDPOINT: moto.config.endpoint!,
      CANOPY_S3_REGION: moto.config.region,
      CANOPY_S3_ACCESS_KEY_ID: 'test',
      CANOPY_S3_SECRET_ACCESS_KEY: 'test',
      CANOPY_S3_FORCE_PATH_STYLE: 'true',
      CANOPY_PUBLIC_URL: publicUrl,
      CANOPY_BUILD_ON_START: 'false',
      CANOPY_RENDER_WARM: 'false',
      CANOPY_RENDER_THREADS: '1',
      CANOPY_SCHEDULER_INTERVAL: '1',
      CANOPY_SITE_COMPONENTS: COMPONENTS,
      CANOPY_TEST_HOLD_DIR: holdDir,
      CANOPY_JOB_TIMEOUT: '5',
      CANOPY_JOB_MAINTENANCE_INTERVAL: '1',
      CANOPY_JOB_RETRY_DELAY: '1',
      CANOPY_JOB_RETRIES: '1',
      CANOPY_JOB_POLL_INTERVAL: '0.5',
    });

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${DATABASE}"`);
    db = new pg.Client({ connectionString: `${SERVER}/${DATABASE}` });
    await db.connect();
    mkdirSync(holdDir);
    moto = await startMoto();
    bucket = new S3Client({ ...moto.config });
    publicUrl = `http://127.0.0.1:${await freePort()}`;
    // One at a time: the first brings the database's schema up and seeds it.
    a = await start();
    b = await start();
    [apiA, apiB] = await Promise.all([adminApi(a), adminApi(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter((server) => server && server !== killed).map((s) => s.stop()));
    if (killed) rmSync(killed.env.CANOPY_DATA_DIR!, { recursive: true, force: true });
    await db?.end();
    bucket?.destroy();
    await moto?.stop();
    await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    rmSync(shared, { recursive: true, force: true });
  }, 60_000);

  it('answers ready with the job queue and the bucket checked on both', async () => {
    for (const server of [a, b]) {
      const ready = await (await fetch(`${server.base}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ready', checks: { jobs: 'ok', storage: 'ok' } });
    }
  });

  it('runs a build requested on A once, and B serves what it built from the bucket', async () => {
    await stageTitle(apiA, await pageId(apiA, '/about/team'), 'Meet the Canopy team');
    const { build_id } = await publish(apiA);
    const build = await until('the build', () => finished(apiB, build_id));
    expect(build.status).toBe('succeeded');
    // The bucket names the build the site's delivery target serves.
    const current = await bucket.send(
      new GetObjectCommand({
        Bucket: moto.config.bucket,
        Key: `sites/${DEMO_SITE}/delivery/current`,
      }),
    );
    expect(await current.Body!.transformToString()).toBe(build_id);
    expect(await titleOn(b, '/about/team')).toBe('Meet the Canopy team');
    expect(await titleOn(a, '/about/team')).toBe('Meet the Canopy team');
    const jobs = await db.query(
      `SELECT state, retry_count FROM pgboss.job WHERE data->>'buildId' = $1`,
      [build_id],
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('builds a scheduled publish once with both instances up', async () => {
    const careers = await pageId(apiA, '/careers');
    const dated = (column: string, ms: number) =>
      db.query(`UPDATE content_versions SET ${column} = $1 WHERE content_id = $2`, [
        new Date(Date.now() + ms).toISOString(),
        careers,
      ]);
    await dated('publish_date', 3000);
    const scheduled = (count: number) => async () => {
      const builds = (await apiB('GET', `/api/builds?site_id=${DEMO_SITE}`)) as BuildView[];
      const mine = builds.filter((build) => build.requested_by === 'scheduler');
      return mine.length >= count && mine.every((build) => build.status === 'succeeded')
        ? mine
        : undefined;
    };
    await until('the scheduled build', scheduled(1));
    // Another change later: by the time it is built, both instances looked past the first one.
    await dated('unpublish_date', 3000);
    const builds = await until('the second scheduled build', scheduled(2));
    expect(builds).toHaveLength(2);
    expect(
      await until('/careers to go', async () => (await titleOn(a, '/careers')) ?? 'gone'),
    ).toBe('gone');
  });

  it('tries a failing build again after a pause, then records it failed with the reason', async () => {
    const team = await pageId(apiA, '/about/team');
    await stageTitle(apiA, team, 'Explode');
    const { build_id } = await publish(apiB);
    const build = await until('the build to fail', () => finished(apiA, build_id));
    expect(build).toMatchObject({ status: 'failed', error: 'The page component exploded' });
    const jobs = await db.query(
      `SELECT state, retry_count FROM pgboss.job WHERE data->>'buildId' = $1`,
      [build_id],
    );
    expect(jobs.rows).toEqual([{ state: 'failed', retry_count: 1 }]);
    expect(await titleOn(a, '/about/team')).toBe('Meet the Canopy team');
  });

  /** A build of the page titled `title` requested on A, held in the middle by the instance running it. */
  async function heldBuild(title: string) {
    rmSync(join(holdDir, 'rendering'), { force: true });
    writeFileSync(join(holdDir, 'hold'), '');
    await stageTitle(apiA, await pageId(apiA, '/about/team'), title);
    const { build_id } = await publish(apiA);
    const pid = Number(
      await until('a render to hold', async () =>
        existsSync(join(holdDir, 'rendering'))
          ? readFileSync(join(holdDir, 'rendering'), 'utf8')
          : undefined,
      ),
    );
    const [runner, other, otherApi] = pid === a.child.pid ? [a, b, apiB] : [b, a, apiA];
    expect(pid).toBe(runner.child.pid);
    return { build_id, runner, other, otherApi };
  }

  it('follows on one instance the progress of a build the other runs, to its end', async () => {
    const { build_id, other, otherApi } = await heldBuild('Hold on');
    // Another build of the same target waits for it: both instances count it in the queue.
    expect(await queueDepth(a)).toBe(0);
    const waiting = await publish(otherApi);
    expect([await queueDepth(a), await queueDepth(b)]).toEqual([1, 1]);
    const response = await fetch(`${other.base}/api/builds/${build_id}/events`, {
      headers: { authorization: `Bearer ${otherApi.token}` },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const statuses: string[] = [];
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      const events = text.split('\n\n');
      text = events.pop()!;
      for (const event of events) {
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (data) statuses.push((JSON.parse(data) as BuildView).status);
      }
      // The first event is the build as it is: running on the other instance.
      if (statuses.length === 1) rmSync(join(holdDir, 'hold'));
    }
    expect(statuses[0]).toBe('running');
    expect(statuses.at(-1)).toBe('succeeded');
    expect(await titleOn(other, '/about/team')).toBe('Hold on');
    expect(
      (await until('the waiting build', () => finished(otherApi, waiting.build_id))).status,
    ).toBe('succeeded');
    expect([await queueDepth(a), await queueDepth(b)]).toEqual([0, 0]);
  });

  it('finishes the build of an instance killed in the middle of it on the other; the old target serves until then', async () => {
    const {
      build_id,
      runner,
      other: survivor,
      otherApi: survivorApi,
    } = await heldBuild('Hold still');
    const exited = new Promise((done) => runner.child.once('exit', done));
    runner.child.kill('SIGKILL');
    killed = runner;
    await exited;
    expect(await titleOn(survivor, '/about/team')).toBe('Hold on');
    expect(((await survivorApi('GET', `/api/builds/${build_id}`)) as BuildView).status).toBe(
      'running',
    );
    rmSync(join(holdDir, 'hold'));
    const build = await until('the build taken over', () => finished(survivorApi, build_id));
    expect(build.status).toBe('succeeded');
    expect(await titleOn(survivor, '/about/team')).toBe('Hold still');
    const jobs = await db.query(
      `SELECT state, retry_count FROM pgboss.job WHERE data->>'buildId' = $1`,
      [build_id],
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});
