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

/**
 * Separators of rows and of fields joined into one value by `joinedRecords` and `fields`: JSON
 * text never holds them unescaped, and `fields` keeps them out of the texts it joins.
 */
export const RECORD_SEPARATOR = 30;
export const UNIT_SEPARATOR = 31;

/**
 * `parts` as one text, joined by UNIT_SEPARATOR; a NULL part is ''. Ids and numbers go as they are
 * (`plain`, they cannot hold a separator); a `text` part (a name) has the separators replaced by
 * spaces; a `hex` part is its UTF-8 bytes in hexadecimal, for a text that must come back exact.
 */
export function fields(
  db: Db,
  parts: { value: Expression<unknown>; as?: 'plain' | 'text' | 'hex' }[],
): RawBuilder<string> {
  return dialectOf(db).fields(
    parts.map(({ value, as = 'plain' }) => ({ value: sql`${value}`, as })),
  );
}

/**
 * An aggregate: the group's texts joined by RECORD_SEPARATOR as one value (100,000 rows read as
 * one value instead of 100,000), in the order the rows come, which is the same for every such
 * aggregate of one query (each row is added to all of them in turn); with `bytes`, as UTF-8 bytes
 * where the database can answer bytes cheaply (SQLite), text otherwise; null for no rows.
 */
export function joinedRecords(
  db: Db,
  text: Expression<unknown>,
  options: { bytes: false },
): RawBuilder<string | null>;
export function joinedRecords(
  db: Db,
  text: Expression<unknown>,
  options: { bytes: true },
): RawBuilder<string | Uint8Array | null>;
export function joinedRecords(
  db: Db,
  text: Expression<unknown>,
  { bytes }: { bytes: boolean },
): RawBuilder<string | Uint8Array | null> {
  return dialectOf(db).joinedRecords(sql`${text}`, bytes);
}
