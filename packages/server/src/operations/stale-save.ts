/**
 * The stale-save rule, for every kind of item that carries `updated_date` (content versions and
 * templates): a write stamps who changed the row and when in the same UPDATE that checks the
 * `updated_date` the caller loaded. Of any number of racing writes that loaded the same state
 * exactly one wins, on SQLite and PostgreSQL alike; the others get 409 STALE_SAVE with the
 * current state. Run it before the write it guards: on PostgreSQL the row stays locked until the
 * transaction ends.
 */
import type { Actor } from '../auth/actor';
import type { Db } from '../db/index';
import { fail } from '../errors';
import { now } from './context';

/** The row to stamp: a content version or a template. */
export type Stamped =
  | { table: 'content_versions'; key: { content_id: string; version: number } }
  | { table: 'templates'; key: { template_id: string } };

const NOUNS: Record<Stamped['table'], string> = {
  content_versions: 'version',
  templates: 'template',
};

/**
 * Stamps the row with a new `updated_date` (always later than the loaded one) and the actor;
 * with `loaded`, only when the row still carries it, else 409 STALE_SAVE whose body adds what
 * `current()` reads. Returns the new `updated_date`.
 */
export async function stampUnlessStale(
  trx: Db,
  actor: Actor,
  target: Stamped,
  loaded: string | undefined,
  current: () => Promise<Record<string, unknown>>,
): Promise<string> {
  let stamp = now();
  if (loaded !== undefined && stamp <= loaded) {
    const after = Date.parse(loaded) + 1;
    if (!Number.isNaN(after)) stamp = new Date(after).toISOString();
  }
  const entries = Object.entries(target.key);
  let query = trx
    .updateTable(target.table as 'templates')
    .set({ updated_date: stamp, updated_by: actor.username });
  for (const [column, value] of entries) {
    query = query.where(column as 'template_id', '=', value as string);
  }
  if (loaded !== undefined) query = query.where('updated_date', '=', loaded);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return stamp;

  let read = trx.selectFrom(target.table as 'templates').select(['updated_by', 'updated_date']);
  for (const [column, value] of entries) {
    read = read.where(column as 'template_id', '=', value as string);
  }
  const row = await read.executeTakeFirst();
  fail(
    'STALE_SAVE',
    `This ${NOUNS[target.table]} was changed by ${row?.updated_by ?? 'someone'} at ${row?.updated_date} after you loaded it; reload it and apply your changes again`,
    await current(),
  );
}
