/**
 * The stale-save rule as a compare-and-set: a write records who changed a version and when in
 * the same UPDATE that checks the `updated_date` the caller loaded, so of any number of racing
 * writes that loaded the same state exactly one wins, on SQLite and PostgreSQL alike. Run it
 * before the write it guards: on PostgreSQL the row stays locked until the transaction ends.
 */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { now } from '../context';
import { readContentVersion } from './get-content';
import { versionOr404 } from './guards';

/**
 * Stamps the version with a new `updated_date` (always later than the loaded one) and the
 * actor; with `loaded`, only when the version still carries it, else 409 STALE_SAVE with the
 * current state. Returns the new `updated_date`.
 */
export async function stampVersion(
  trx: Db,
  actor: Actor,
  key: { content_id: string; version: number },
  loaded?: string,
): Promise<string> {
  let stamp = now();
  if (loaded !== undefined && stamp <= loaded) {
    const after = Date.parse(loaded) + 1;
    if (!Number.isNaN(after)) stamp = new Date(after).toISOString();
  }
  let query = trx
    .updateTable('content_versions')
    .set({ updated_date: stamp, updated_by: actor.username })
    .where('content_id', '=', key.content_id)
    .where('version', '=', key.version);
  if (loaded !== undefined) query = query.where('updated_date', '=', loaded);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return stamp;
  const current = await versionOr404(trx, key.content_id, key.version);
  fail(
    'STALE_SAVE',
    `This version was changed by ${current.updated_by ?? 'someone'} at ${current.updated_date} after you loaded it; reload it and apply your changes again`,
    { current: await readContentVersion(trx, actor, key.content_id, key.version) },
  );
}
