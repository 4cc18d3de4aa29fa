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

/**
 * `parts` joined by the unit separator (31); a NULL part is joined as ''. A `text` part (any text)
 * has the two separators replaced by spaces; a `hex` part is its UTF-8 bytes in hexadecimal.
 */
export function fields(
  parts: { value: RawBuilder<unknown>; as: 'plain' | 'text' | 'hex' }[],
): RawBuilder<string> {
  const field = ({ value, as }: (typeof parts)[number]) => {
    if (as === 'hex') return sql`coalesce(encode(convert_to((${value})::text, 'UTF8'), 'hex'), '')`;
    if (as === 'text')
      return sql`translate(coalesce((${value})::text, ''), chr(30) || chr(31), '  ')`;
    return sql`coalesce((${value})::text, '')`;
  };
  return sql<string>`${sql.join(parts.map(field), sql` || chr(31) || `)}`;
}

/**
 * The group's texts joined by the record separator (30), in the order the rows come, as text
 * whether or not `bytes` are asked for (bytes would arrive as hex to decode); NULL for no rows.
 */
export function joinedRecords(
  text: RawBuilder<unknown>,
  _bytes: boolean,
): RawBuilder<string | Uint8Array | null> {
  return sql<string | null>`string_agg(${text}, chr(30))`;
}
