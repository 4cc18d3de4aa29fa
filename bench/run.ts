/**
 * `npm run bench`: Canopy's content API over real HTTP on loopback, against a bare Fastify route
 * measured in the same run. SQLite by default; PostgreSQL when BENCH_DATABASE_URL is set.
 * Every server listens on 127.0.0.1 only. Not part of `npm test`.
 */
import { cpus, loadavg } from 'node:os';
import { measureBaseline, recheckBaseline } from './baseline';
import { benchIdleMemory, procStatusMb } from './memory';
import { benchAdminMenus, benchRoleMenus } from './menus';
import { benchDelivery, benchPageSave } from './page';
import { benchMedia, prepareMedia } from './media';
import { benchBuilds } from './builds';
import { benchAdminPanel } from './admin';
import { benchPageEditor } from './page-editor';
import { benchTransfer } from './transfer';
import { benchInstances } from './instances';
import { benchAuditCost } from './audit';
import { openCanopyWorld } from './lib/canopy';
import { databaseLabel } from './lib/database';
import { memoryRow, notMeasuredRow, printTable, step, type Baseline, type Row } from './lib/report';

const rows: Row[] = [];
let failures = 0;

/** BENCH_ONLY=media,builds runs only those parts (keys: 10k, audit, 100k, media, builds, admin, editor, memory, transfer, instances). */
const PARTS = [
  '10k',
  'audit',
  '100k',
  'media',
  'builds',
  'admin',
  'editor',
  'memory',
  'transfer',
  'instances',
] as const;
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const unknownParts = only.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknownParts.length > 0) {
  throw new Error(
    `BENCH_ONLY: unknown part(s) ${unknownParts.join(', ')}; use ${PARTS.join(', ')}`,
  );
}

const runs = (part: string) => only.length === 0 || only.includes(part);

/**
 * Runs one part; a failure is reported in the table and the remaining parts still run. The
 * baseline parts (no key) always run; a part with a key runs unless BENCH_ONLY leaves it out.
 */
async function section(
  title: string,
  run: () => Promise<void>,
  part?: (typeof PARTS)[number],
): Promise<void> {
  if (part && !runs(part)) return;
  console.log(`\n${title}`);
  const started = Date.now();
  try {
    await run();
  } catch (error) {
    failures++;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  ! ${message}`);
    rows.push(notMeasuredRow(title, `FAILED: ${message.split('\n')[0]!.slice(0, 120)}`, '-'));
  }
  step(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const started = Date.now();
console.log('Canopy benchmark');
console.log(
  `  database: ${databaseLabel()}; Node ${process.version}; ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
);
console.log(
  '  HTTP over 127.0.0.1; each server runs in its own process; throughput: autocannon, 10 connections, 5 s',
);
const load = () => loadavg()[0]!.toFixed(1);
console.log(`  load average at start: ${load()}`);
if (loadavg()[0]! > cpus().length / 2) {
  console.log(
    '  ! other processes are busy on this machine: expect slower, noisier figures (compare the ratios)',
  );
}

let baseline: Baseline | undefined;
const needsBaseline = ['10k', '100k', 'media'].some(runs);
if (needsBaseline)
  await section('Baseline: bare Fastify route', async () => {
    const result = await measureBaseline();
    baseline = result.baseline;
    rows.push(...result.rows);
  });
if (needsBaseline && !baseline) {
  printTable(rows);
  throw new Error('Without the baseline there is nothing to compare against');
}
const yardstick = baseline!;

await section(
  'Content tree of 10,000 items',
  async () => {
    const world = await openCanopyWorld('10k', 10_000);
    try {
      step(
        `server ready (pid ${world.server.pid}), ${world.items.length} items in ${world.items.filter((i) => !i.parentId).length} sites`,
      );
      rows.push(...(await benchAdminMenus(world, yardstick, '10,000', { repeated: 100 })));
      rows.push(...(await benchRoleMenus(world, yardstick, 1000)));
      rows.push(...(await benchDelivery(world, yardstick)));
      rows.push(...(await benchPageSave(world, yardstick)));
      rows.push(
        memoryRow(
          '  server RSS after the 10,000-item runs',
          procStatusMb(world.server.pid, 'VmRSS'),
        ),
      );
    } finally {
      await world.close();
    }
  },
  '10k',
);

await section(
  'Audit record: a 250-block save with it and without it',
  async () => {
    rows.push(...(await benchAuditCost()));
  },
  'audit',
);

await section(
  'Content tree of 100,000 items',
  async () => {
    // Menus only: no build of the 100,000 pages at start competing with them for the CPU.
    const world = await openCanopyWorld('100k', 100_000, undefined, {
      CANOPY_BUILD_ON_START: 'false',
    });
    try {
      step(`server ready (pid ${world.server.pid}), ${world.items.length} items`);
      rows.push(
        ...(await benchAdminMenus(world, yardstick, '100,000', {
          afterWriteP99: 500,
          repeated: 100,
        })),
      );
      rows.push(
        memoryRow(
          '  server RSS after the 100,000-item menus',
          procStatusMb(world.server.pid, 'VmRSS'),
          400,
        ),
      );
    } finally {
      await world.close();
    }
  },
  '100k',
);

await section(
  'Media: uploads and files',
  async () => {
    const world = await openCanopyWorld('media', 100, prepareMedia);
    try {
      rows.push(...(await benchMedia(world, yardstick)));
    } finally {
      await world.close();
    }
  },
  'media',
);

await section(
  'Static builds of a 10,000-page site',
  async () => {
    rows.push(...(await benchBuilds()));
  },
  'builds',
);

await section(
  'Admin panel in Chromium',
  async () => {
    rows.push(...(await benchAdminPanel()));
  },
  'admin',
);

await section(
  'Page editor in Chromium',
  async () => {
    rows.push(...(await benchPageEditor()));
  },
  'editor',
);

await section(
  'Export and import, 100,000 items',
  async () => {
    rows.push(...(await benchTransfer()));
  },
  'transfer',
);

await section(
  'Two instances on one PostgreSQL database',
  async () => {
    rows.push(...(await benchInstances()));
  },
  'instances',
);

await section(
  'Memory at idle',
  async () => {
    rows.push(...(await benchIdleMemory()));
  },
  'memory',
);

if (baseline)
  await section('Baseline again', async () => {
    rows.push(await recheckBaseline(yardstick));
  });

console.log(
  `\nResults (${databaseLabel()}, ${((Date.now() - started) / 1000).toFixed(0)} s in all, load average now ${load()}; latency targets are judged on the mean)\n`,
);
printTable(rows);
const missed = rows.filter((row) => row.verdict === 'MISS').length;
console.log(
  `\n${rows.filter((row) => row.verdict === 'PASS').length} passed, ${missed} missed${failures ? `, ${failures} part(s) failed` : ''}`,
);
if (failures > 0) process.exitCode = 1;
