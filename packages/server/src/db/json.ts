/**
 * JSON built by the database: one text value per row instead of a JavaScript value per column,
 * for replies so large that materialising every column costs more than the query.
 */
import { PostgresAdapter, sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from './index';
import { jsonObject as sqliteJsonObject } from './dialects/sqlite/json';
import { jsonObject as postgresJsonObject } from './dialects/postgres/json';

/** `{ key: expression, ... }` as a JSON object text column, keys in the order given. */
export function jsonObject(db: Db, entries: [string, Expression<unknown>][]): RawBuilder<string> {
  // Keys are literals, never parameters: PostgreSQL cannot type a parameter of json_build_object.
  const args = sql.join(entries.flatMap(([key, value]) => [sql.lit(key), value]));
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPostgres ? postgresJsonObject(args) : sqliteJsonObject(args);
}
