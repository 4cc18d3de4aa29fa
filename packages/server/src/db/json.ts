/**
 * JSON built by the database: one text value per row instead of a JavaScript value per column,
 * for replies so large that materialising every column costs more than the query.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './index';
import * as sqlite from './dialects/sqlite/json';
import * as postgres from './dialects/postgres/json';

const dialectOf = (db: Db) => (isPostgres(db) ? postgres : sqlite);

/** `{ key: expression, ... }` as a JSON object text column, keys in the order given. */
export function jsonObject(db: Db, entries: [string, Expression<unknown>][]): RawBuilder<string> {
  // Keys are literals, never parameters: PostgreSQL cannot type a parameter of json_build_object.
  const args = sql.join(entries.flatMap(([key, value]) => [sql.lit(key), value]));
  return dialectOf(db).jsonObject(args);
}

/** An aggregate of `[value, ...]` arrays, one per row of the group, as JSON text ('[]' for none). */
export function jsonRows(
  db: Db,
  values: Expression<unknown>[],
  orderBy: Expression<unknown> | null,
): RawBuilder<string> {
  return dialectOf(db).jsonRows(sql.join(values), orderBy === null ? null : sql`${orderBy}`);
}

/**
 * `[part, ...]` of JSON text parts as one JSON document: UTF-8 bytes where the database can
 * answer bytes cheaply (SQLite), text otherwise.
 */
export function jsonTuple(db: Db, parts: Expression<unknown>[]): RawBuilder<string | Uint8Array> {
  return dialectOf(db).jsonTuple(parts.map((part) => sql`${part}`));
}
