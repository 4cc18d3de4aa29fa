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

/**
 * `parts` joined by the unit separator (31); a NULL part is joined as ''. A `text` part (any text)
 * has the two separators replaced by spaces; a `hex` part is its UTF-8 bytes in hexadecimal.
 */
export function fields(
  parts: { value: RawBuilder<unknown>; as: 'plain' | 'text' | 'hex' }[],
): RawBuilder<string> {
  const field = ({ value, as }: (typeof parts)[number]) => {
    if (as === 'hex') return sql`coalesce(hex(${value}), '')`;
    if (as === 'text')
      return sql`replace(replace(coalesce(${value}, ''), char(30), ' '), char(31), ' ')`;
    return sql`coalesce(${value}, '')`;
  };
  return sql<string>`${sql.join(parts.map(field), sql` || char(31) || `)}`;
}

/**
 * The group's texts joined by the record separator (30), in the order the rows come; as UTF-8
 * bytes (a Buffer, read without making a string of it) when `bytes`; NULL for no rows.
 */
export function joinedRecords(
  text: RawBuilder<unknown>,
  bytes: boolean,
): RawBuilder<string | Uint8Array | null> {
  const joined = sql`group_concat(${text}, char(30))`;
  return bytes ? sql<Uint8Array | null>`cast(${joined} as blob)` : sql<string | null>`${joined}`;
}
