/** PostgreSQL through a pg pool. Counts (int8) and numerics come back as numbers, as on SQLite. */
import pg from 'pg';
import { PostgresDialect, type Dialect } from 'kysely';

const INT8 = 20;
const NUMERIC = 1700;

export function connect(
  connectionString: string,
  schema?: string,
): { dialect: Dialect; pool: pg.Pool } {
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
  return { dialect: new PostgresDialect({ pool }), pool };
}
