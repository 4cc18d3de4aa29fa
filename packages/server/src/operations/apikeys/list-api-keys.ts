/** Lists API keys (never the keys themselves: only their first characters). */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { matches, pageOf, type Page, type PageRequest } from '../paging';
import { requireAdministrator } from '../users/guards';

export const API_KEY_SORTS = [
  'status',
  'name',
  'created_date',
  'last_used_date',
  'expires_date',
] as const;

export interface ApiKeySummary {
  key_id: string;
  name: string;
  key_prefix: string;
  scope: string;
  role_id: string | null;
  created_by: string;
  created_date: string;
  revoked_date: string | null;
  expires_date: string | null;
  last_used_date: string | null;
}

export async function listApiKeys(db: Db, actor: Actor): Promise<ApiKeySummary[]> {
  requireAdministrator(actor, 'list API keys');
  return db
    .selectFrom('api_keys')
    .select([
      'key_id',
      'name',
      'key_prefix',
      'scope',
      'role_id',
      'created_by',
      'created_date',
      'revoked_date',
      'expires_date',
      'last_used_date',
    ])
    .orderBy('created_date')
    .execute();
}

/** Active first (then expired, then revoked): what a key can do now. */
function statusRank(key: ApiKeySummary, now: string): number {
  if (key.revoked_date) return 2;
  return key.expires_date && key.expires_date <= now ? 1 : 0;
}

/**
 * One page of the keys, filtered by name, first characters or maker, sorted by the server; by
 * default usable keys first, the newest first among them.
 */
export async function listApiKeysPage(
  db: Db,
  actor: Actor,
  request: PageRequest,
): Promise<Page<ApiKeySummary>> {
  const now = new Date().toISOString();
  const all = (await listApiKeys(db, actor)).filter((key) =>
    matches(request.q, key.name, key.key_prefix, key.created_by),
  );
  const byStatus = request.sort === undefined || request.sort === 'status';
  if (byStatus) {
    // Newest first within a status, whichever way the statuses go.
    all.sort((a, b) => b.created_date.localeCompare(a.created_date));
  }
  return pageOf(
    all,
    request,
    (key, sort) =>
      sort === 'status'
        ? statusRank(key, now)
        : ((key[sort as Exclude<(typeof API_KEY_SORTS)[number], 'status'>] as string | null) ??
          null),
    'status',
    (key) => (byStatus ? '' : key.key_id),
  );
}
