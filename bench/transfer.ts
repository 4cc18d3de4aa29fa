/**
 * `canopy export` and `canopy import` of the 100,000-item tree (100,000 items, as many versions,
 * five sites), against yardsticks measured in the same run on the same database: the export
 * against reading every row of every table into memory with plain selects, the import against
 * the bench's own chunked multi-row inserts of the same tree in one transaction. The growth of
 * the process's memory is shown too: the file streams, so it should not grow with the site.
 *
 * `npx tsx --expose-gc bench/transfer.ts` runs it alone (SQLite; PostgreSQL with
 * BENCH_DATABASE_URL); `benchTransfer()` gives its rows to a larger run.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { loadStorageConfig } from '../packages/server/src/storage/config';
import { createStorage } from '../packages/server/src/storage/index';
import { exportInstallation } from '../packages/server/src/transfer/export';
import { importInstallation } from '../packages/server/src/transfer/import';
import { readTables } from '../packages/server/src/db/catalog';
import { createBenchDatabase, databaseLabel, type BenchDatabase } from './lib/database';
import { createContentModel, insertTree, planTree } from './lib/data';
import { printTable, step, type Row } from './lib/report';

const SIZE = 100_000;

/** Runs `work`, returning its time in milliseconds and how far the process's RSS rose above its start. */
async function timed(work: () => Promise<unknown>): Promise<Timed> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - began;
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, rssGrowthMb: (peak - start) / 1e6 };
}

type Timed = { ms: number; rssGrowthMb: number };

const seconds = (figure: Timed) =>
  `${(figure.ms / 1000).toFixed(2)} s (RSS +${figure.rssGrowthMb.toFixed(0)} MB)`;

function row(name: string, measured: Timed, yardstick: Timed, what: string): Row {
  return {
    name,
    measured: seconds(measured),
    target: '-',
    ratio: '-',
    vsBare: `${(measured.ms / yardstick.ms).toFixed(2)}x ${what}: ${seconds(yardstick)}`,
    verdict: 'INFO',
  };
}

export async function benchTransfer(): Promise<Row[]> {
  const source = await createBenchDatabase('transfer-from');
  let target: BenchDatabase | undefined;
  const storage = createStorage({
    dataDir: source.connection.dataDir,
    storage: loadStorageConfig({}),
  });
  try {
    const db = source.database.db;
    const { dialect } = source.database;
    const model = await createContentModel(db);
    const items = planTree(SIZE);
    const inserts = await timed(() => insertTree(db, model, items));
    step(
      `${SIZE.toLocaleString('en-US')} items written with chunked inserts in ${(inserts.ms / 1000).toFixed(2)} s`,
    );

    const file = join(source.connection.dataDir, 'export.canopy.gz');
    const exported = await timed(() =>
      exportInstallation({ db, dialect, storage, file, media: true }),
    );
    step(
      `exported in ${(exported.ms / 1000).toFixed(2)} s: ${(statSync(file).size / 1e6).toFixed(1)} MB`,
    );

    const reads = await timed(async () => {
      for (const table of await readTables(db, dialect)) {
        await sql`SELECT * FROM ${sql.table(table.name)}`.execute(db);
      }
    });
    target = await createBenchDatabase('transfer-into');
    const into = target.database;
    const imported = await timed(() =>
      importInstallation({
        db: into.db,
        dialect: into.dialect,
        storage,
        file,
        media: true,
        force: true, // the bench database starts with the built-in roles
      }),
    );
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM content_items`.execute(
      into.db,
    );
    if (Number(count.rows[0]!.n) !== SIZE)
      throw new Error(`imported ${count.rows[0]!.n} items, not ${SIZE}`);
    step(`imported in ${(imported.ms / 1000).toFixed(2)} s`);
    return [
      row('canopy export, 100,000-item tree', exported, reads, 'reading every table into memory'),
      row(
        'canopy import, 100,000-item tree',
        imported,
        inserts,
        'the bench’s chunked inserts of the tree',
      ),
    ];
  } finally {
    await storage.close();
    await target?.dispose();
    await source.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Export and import (${databaseLabel()})`);
  printTable(await benchTransfer());
}
