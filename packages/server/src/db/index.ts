/** Opens the database for a configuration and brings its schema up to date. */
import { resolve } from 'node:path';
import { Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema';
import { connect as connectSqlite } from './dialects/sqlite/connect';
import { connect as connectPostgres } from './dialects/postgres/connect';
import { migrationProvider } from './migrations/index';
import { WriteWatch } from './write-watch';

export type { Database } from './schema';
export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseConfig {
  /** postgres://... for PostgreSQL; otherwise SQLite at `sqliteFile`. */
  url?: string | undefined;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  schema?: string | undefined;
  /** The last migration to run (an older schema, to load an older export into); unset: all. */
  upTo?: string | undefined;
}

export interface OpenDatabase {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

/** The SQLite file of each database opened on one, for other threads' connections. */
const sqliteFiles = new WeakMap<Db, string>();

/**
 * The file of a SQLite database that other threads may open (read-only) too; undefined for
 * PostgreSQL and for a database in memory.
 */
export const sqliteFileOf = (db: Db): string | undefined => sqliteFiles.get(db);

export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  const isPostgres = config.url != null && /^postgres(ql)?:\/\//.test(config.url);
  let db: Db;
  if (isPostgres) {
    const { dialect, pool } = await connectPostgres(config.url!, config.schema);
    if (config.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${config.schema}"`);
      } finally {
        client.release();
      }
    }
    db = new Kysely<Database>({ dialect, plugins: [new WriteWatch()] });
  } else {
    db = new Kysely<Database>({
      dialect: connectSqlite(config.sqliteFile),
      plugins: [new WriteWatch()],
    });
    if (config.sqliteFile !== ':memory:' && config.sqliteFile !== '')
      sqliteFiles.set(db, resolve(config.sqliteFile));
  }
  try {
    await migrate(db, isPostgres ? config.schema : undefined, config.upTo);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: isPostgres ? 'postgres' : 'sqlite', close: () => db.destroy() };
}

/**
 * `schema` keeps the migration bookkeeping beside the tables when they live in their own schema;
 * `upTo` stops after that migration.
 */
export async function migrate(db: Db, schema?: string, upTo?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Answers when the database answers a query (readiness checks). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether `db` speaks to PostgreSQL (row locks, NOTIFY) rather than SQLite (one connection). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
