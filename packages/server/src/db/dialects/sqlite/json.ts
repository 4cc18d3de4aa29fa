/** JSON built by SQLite, as text. */
import { sql, type RawBuilder } from 'kysely';

/** An object, keys in the order given. */
export function jsonObject(keysAndValues: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`json_object(${keysAndValues})`;
}

/** An aggregate: the group's rows as an array of arrays ('[]' for none), in the order given. */
export function jsonRows(
  values: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown> | null,
): RawBuilder<string> {
  const order = orderBy === null ? sql`` : sql` order by ${orderBy}`;
  return sql<string>`json_group_array(json_array(${values})${order})`;
}

/** JSON texts joined into one array, as UTF-8 bytes (a Buffer, moved between threads without a copy). */
export function jsonTuple(parts: RawBuilder<unknown>[]): RawBuilder<string | Uint8Array> {
  return sql<Uint8Array>`cast('[' || ${sql.join(parts, sql` || ',' || `)} || ']' as blob)`;
}
