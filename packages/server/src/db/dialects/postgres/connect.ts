/**
 * PostgreSQL through a pg pool. Counts (int8) and numerics come back as numbers, as on SQLite.
 * pg loads only when a PostgreSQL database is opened (a server on SQLite never holds it).
 */
import type pg from 'pg';
import { PostgresDialect, type Dialect } from 'kysely';

const INT8 = 20;
const NUMERIC = 1700;

export async function connect(
  connectionString: string,
  schema?: string,
): Promise<{ dialect: Dialect; pool: pg.Pool }> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 || oid === NUMERIC
          ? Number
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, a failover, an administrator) is dropped
  // from the pool, which opens a new one for the next query; without a listener the pool's
  // 'error' event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(
      `A PostgreSQL connection was closed by the server (${error.message}); the next query opens a new one`,
    );
  });
  return { dialect: new PostgresDialect({ pool }), pool };
}
