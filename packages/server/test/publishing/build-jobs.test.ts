/**
 * Builds on PostgreSQL's shared queue (pg-boss, DATABASE_URL): a build whose last try runs out
 * of time (its instance died or overran CANOPY_JOB_TIMEOUT) reads `failed` with the reason, on
 * GET /api/builds/{id} and in the site's list, not `running` for ever; the try still at work
 * that ends later leaves that record as it is. (With SQLite, a build a stop cut short is failed
 * at the next start: builds.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED } from '../../src/publishing/builds';
import { loadPublishingConfig } from '../../src/publishing/config';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_SITE_ID } from '../../src/seed/content';
import { startApp, type TestApp } from '../harness';
import { admin } from '../instances/postgres';

const url = process.env.TEST_DATABASE_URL;

const SETTINGS = {
  CANOPY_JOB_TIMEOUT: '1',
  CANOPY_JOB_RETRIES: '0',
  CANOPY_JOB_POLL_INTERVAL: '0.5',
  CANOPY_JOB_MAINTENANCE_INTERVAL: '1',
};

describe.runIf(url)('a build whose last try ran out of time', () => {
  const name = `canopy_build_jobs_${process.pid}_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-build-jobs-'));
  /** The deploy hook: it answers nothing until the test says so. */
  const held: ServerResponse[] = [];
  const hook = createServer((request, response) => {
    request.resume();
    held.push(response);
  });
  let t: TestApp;

  beforeAll(async () => {
    Object.assign(process.env, SETTINGS);
    await new Promise<void>((done) => hook.listen(0, '127.0.0.1', done));
    const { port } = hook.address() as AddressInfo;
    await admin(`CREATE DATABASE "${name}"`);
    const server = new URL(url!);
    server.pathname = `/${name}`;
    const databaseUrl = server.toString();
    const publishing = loadPublishingConfig({
      CANOPY_BUILD_DEFINITIONS: JSON.stringify({
        '300': { name: 'Held', deploy_hook: `http://127.0.0.1:${port}/hook` },
      }),
      CANOPY_BUILD_ON_START: 'false',
    });
    t = await startApp('postgres', { dataDir, databaseUrl, publishing }, { databaseUrl });
    await seedIfEmpty(t.db);
  }, 120_000);

  afterAll(async () => {
    for (const response of held) response.destroy();
    await t?.close();
    hook.close();
    for (const setting of Object.keys(SETTINGS)) delete process.env[setting];
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is recorded failed with the reason, and the try that ends later leaves it so', async () => {
    const started = await t.request({
      method: 'POST',
      url: '/api/builds',
      payload: {
        mode: 'delivery',
        site_id: DEMO_SITE_ID,
        build_definition_id: '300',
        build_type: 'both',
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    const buildUrl = `/api/builds/${started.json().build_id}`;
    const build = async () => (await t.request({ method: 'GET', url: buildUrl })).json();
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    expect((await build()).status).toBe('running');

    await expect
      .poll(async () => (await build()).status, { timeout: 30_000, interval: 200 })
      .toBe('failed');
    expect(await build()).toMatchObject({ status: 'failed', error: ABANDONED });
    const list = await t.request({ method: 'GET', url: `/api/builds?site_id=${DEMO_SITE_ID}` });
    expect(list.json()).toEqual([expect.objectContaining({ status: 'failed', error: ABANDONED })]);

    // the try still at work fails now; its own failure does not replace the record
    held[0]!.writeHead(500).end();
    await t.app.publishing.idle();
    expect(await build()).toMatchObject({ status: 'failed', error: ABANDONED });
  }, 60_000);
});
