/** A JSON object built by PostgreSQL, as text, keys in the order given. */
import { sql, type RawBuilder } from 'kysely';

export function jsonObject(keysAndValues: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`json_build_object(${keysAndValues})::text`;
}
