/** The actor an API key acts as: published-content reader, or the key's role. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { hashApiKey } from './keys';

export async function authenticateApiKey(db: Db, key: string): Promise<Actor> {
  const row = await db
    .selectFrom('api_keys')
    .leftJoin('roles', 'roles.role_id', 'api_keys.role_id')
    .select([
      'api_keys.name',
      'api_keys.scope',
      'api_keys.role_id',
      'api_keys.revoked_date',
      'api_keys.expires_date',
      'api_keys.last_used_date',
      'api_keys.key_id',
      'roles.is_admin',
    ])
    .where('api_keys.key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  if (!row || row.revoked_date)
    fail('UNAUTHENTICATED', 'This API key is not valid or has been revoked');
  const now = new Date();
  if (row.expires_date && row.expires_date <= now.toISOString()) {
    fail('UNAUTHENTICATED', 'This API key has expired; ask an administrator for a new one');
  }
  await recordUse(db, row.key_id, row.last_used_date, now);
  const published = row.scope === 'published';
  return {
    kind: 'apikey',
    userId: null,
    username: `apikey:${row.name}`,
    displayName: `API key ${row.name}`,
    roleIds: !published && row.role_id ? [row.role_id] : [],
    isAdmin: !published && row.is_admin === 1,
    publishedOnly: published,
  };
}

/** Notes when a key was used; at most one write a minute per key keeps busy callers cheap. */
async function recordUse(db: Db, keyId: string, lastUsed: string | null, now: Date) {
  if (lastUsed && now.getTime() - Date.parse(lastUsed) < 60_000) return;
  await db
    .updateTable('api_keys')
    .set({ last_used_date: now.toISOString() })
    .where('key_id', '=', keyId)
    .execute();
}
