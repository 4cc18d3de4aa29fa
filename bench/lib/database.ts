/**
 * A throw-away database for one benchmark: a SQLite file in a temporary folder, or, when
 * BENCH_DATABASE_URL is set, a fresh schema on that PostgreSQL server. The bench process and the
 * server process it measures both open it through `connection`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../packages/server/src/db/index';
import { ensureBuiltInRoles } from '../../packages/server/src/operations/users/roles';

export interface Connection {
  url: string | undefined;
  sqliteFile: string;
  schema: string | undefined;
  /** A data folder for the server (SQLite keeps its file there; PostgreSQL ignores it). */
  dataDir: string;
}

export interface BenchDatabase {
  connection: Connection;
  database: OpenDatabase;
  dispose(): Promise<void>;
}

export function databaseLabel(): string {
  return process.env.BENCH_DATABASE_URL
    ? 'PostgreSQL (BENCH_DATABASE_URL)'
    : 'SQLite (temporary file)';
}

export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `canopy-bench-${name}-`));
  const schema = url ? `bench_${name}_${randomUUID().replace(/-/g, '').slice(0, 12)}` : undefined;
  const connection: Connection = {
    url,
    sqliteFile: join(dataDir, 'canopy.sqlite'),
    schema,
    dataDir,
  };
  const database = await openDatabase(connection);
  await ensureBuiltInRoles(database.db);
  return {
    connection,
    database,
    async dispose() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await client.end();
        }
      }
    },
  };
}
