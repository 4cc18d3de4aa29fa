/** JSON built by PostgreSQL, as text. */
import { sql, type RawBuilder } from 'kysely';

/** An object, keys in the order given. */
export function jsonObject(keysAndValues: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`json_build_object(${keysAndValues})::text`;
}

/** An aggregate: the group's rows as an array of arrays ('[]' for none), in the order given. */
export function jsonRows(
  values: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown> | null,
): RawBuilder<string> {
  const order = orderBy === null ? sql`` : sql` order by ${orderBy}`;
  return sql<string>`coalesce(json_agg(json_build_array(${values})${order}), '[]'::json)::text`;
}

/** JSON texts joined into one array, as text (bytes would arrive as hex to decode). */
export function jsonTuple(parts: RawBuilder<unknown>[]): RawBuilder<string | Uint8Array> {
  return sql<string>`'[' || ${sql.join(parts, sql` || ',' || `)} || ']'`;
}
