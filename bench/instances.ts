/**
 * Two instances on one PostgreSQL database (BENCH_DATABASE_URL), each its own process, their
 * caches kept in step by LISTEN/NOTIFY: requests per second of a published page by URL with two
 * instances against one (the same 10 connections in all; on two cores expect no gain, so it is
 * reported as a ratio), and what keeping them in step costs: a write on one instance until a read
 * on the other shows it, against the same write and read on one instance.
 */
import { performance } from 'node:perf_hooks';
import type { Content } from '@canopy/core';
import { openCanopyWorld } from './lib/canopy';
import { fillPage } from './lib/data';
import { call, expectJson, throughput, type Throughput } from './lib/measure';
import { notMeasuredRow, step, type Row } from './lib/report';
import { startCanopyServer } from './lib/server';

const ITEMS = 10_000;
const ROUNDS = 30;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const rps = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

function infoRow(name: string, measured: string, against: string): Row {
  return { name, measured, target: '-', ratio: '-', vsBare: against, verdict: 'INFO' };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchInstances(): Promise<Row[]> {
  if (!process.env.BENCH_DATABASE_URL) {
    return [
      notMeasuredRow(
        'Two instances on one database',
        'needs PostgreSQL (BENCH_DATABASE_URL)',
        'ratio only',
      ),
    ];
  }
  const shared = { BENCH_SHARED: 'true' };
  const world = await openCanopyWorld('instances', ITEMS, undefined, shared);
  const other = await startCanopyServer(world.connection, shared);
  try {
    const [a, b] = [world.server.origin, other.origin];
    const item = world.items.find((candidate) => candidate.lvl === 3)!;
    await fillPage(world.db, world.model, item, 10);
    const page = `/api/contents?site_id=${item.siteId}&page_url=${encodeURIComponent(item.pageUrl)}`;
    const token = world.adminToken;
    for (const origin of [a, b]) {
      const reply = await expectJson<Content>(`${origin}${page}`, { token });
      if (reply.content_id !== item.id) throw new Error(`${origin} answered another page`);
    }

    const one = await throughput(`${a}${page}`, { token });
    const both = await Promise.all(
      [a, b].map((origin) => throughput(`${origin}${page}`, { token, connections: 5 })),
    );
    const two: Throughput = {
      rps: both[0]!.rps + both[1]!.rps,
      latencyMean: mean(both.map((run) => run.latencyMean)),
      latencyP99: Math.max(...both.map((run) => run.latencyP99)),
      requests: both[0]!.requests + both[1]!.requests,
    };
    step(`published page: one instance ${rps(one.rps)}, two ${rps(two.rps)}`);

    // A lock, then an unlock (of a draft of the page), each followed by reads until it shows.
    const draft = await expectJson<Content>(
      `${a}/api/contents/draftfromversion`,
      { method: 'POST', token, body: { content_id: item.id, version: 1, is_locked: 0 } },
      201,
    );
    const lockedBy = async (origin: string) =>
      (
        await expectJson<Content>(`${origin}/api/contents/${item.id}/${draft.version}`, {
          token,
        })
      ).locked_by;
    const writeThenRead = async (writer: string, reader: string, lock: boolean) => {
      const started = performance.now();
      const path = `${writer}/api/${lock ? 'lockcontents' : 'unlockcontents'}/${item.id}`;
      const reply = await call(path, { method: 'PUT', token });
      if (reply.status !== 200) throw new Error(`PUT ${path}: ${reply.status} ${reply.text}`);
      let reads = 0;
      while ((await lockedBy(reader)) !== (lock ? 'bench-admin' : null)) {
        reads += 1;
        if (performance.now() - started > 10_000) {
          throw new Error(`${reader} did not show the ${lock ? 'lock' : 'unlock'} within 10 s`);
        }
      }
      return { ms: performance.now() - started, reads };
    };
    const same: number[] = [];
    const across: number[] = [];
    let extraReads = 0;
    for (let round = 0; round < ROUNDS; round++) {
      same.push((await writeThenRead(a, a, round % 2 === 0)).ms);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const result = await writeThenRead(a, b, round % 2 === 0);
      across.push(result.ms);
      extraReads += result.reads;
    }
    step(
      `write then read: same instance ${ms(mean(same))}, other instance ${ms(mean(across))} (${extraReads} reads of ${ROUNDS} saw the old state)`,
    );

    return [
      infoRow(
        'Published page by URL, two instances (PostgreSQL)',
        `${rps(two.rps)} (mean ${ms(two.latencyMean)}, p99 ${ms(two.latencyP99)})`,
        `${(two.rps / one.rps).toFixed(2)}x one instance (${rps(one.rps)})`,
      ),
      infoRow(
        'Lock on A, then a read on B that shows it',
        `mean ${ms(mean(across))}, max ${ms(Math.max(...across))} (${ROUNDS} runs)`,
        `${(mean(across) / mean(same)).toFixed(2)}x the same on A (${ms(mean(same))})`,
      ),
    ];
  } finally {
    await other.stop();
    await world.close();
  }
}
