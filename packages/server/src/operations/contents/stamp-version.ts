/** The stale-save rule (operations/stale-save.ts) for a content version. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { stampUnlessStale } from '../stale-save';
import { readContentVersion } from './get-content';
import { versionOr404 } from './guards';

/**
 * Stamps the version with a new `updated_date` and the actor; with `loaded`, only when the
 * version still carries it, else 409 STALE_SAVE with the current state. Returns the new date.
 */
export async function stampVersion(
  trx: Db,
  actor: Actor,
  key: { content_id: string; version: number },
  loaded?: string,
): Promise<string> {
  return stampUnlessStale(trx, actor, { table: 'content_versions', key }, loaded, async () => {
    await versionOr404(trx, key.content_id, key.version);
    return { current: await readContentVersion(trx, actor, key.content_id, key.version) };
  });
}
