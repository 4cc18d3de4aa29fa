/** The actor an API key acts as: published-content reader, or the key's role. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { hashApiKey } from '../../auth/api-keys';
import { recordSignInFailure } from '../../audit/sign-in-failures';

function keys(db: Db) {
  return db
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
    ]);
}

type KeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof keys>['executeTakeFirst']>>>;

function actorOfKey(row: KeyRow | undefined, now: Date): Actor {
  if (!row || row.revoked_date)
    fail('UNAUTHENTICATED', 'This API key is not valid or has been revoked');
  if (row.expires_date && row.expires_date <= now.toISOString()) {
    fail('UNAUTHENTICATED', 'This API key has expired; ask an administrator for a new one');
  }
  const published = row.scope === 'published';
  return {
    kind: 'apikey',
    userId: null,
    username: `${API_KEY_ACTOR_PREFIX}${row.name}`,
    displayName: `API key ${row.name}`,
    roleIds: !published && row.role_id ? [row.role_id] : [],
    isAdmin: !published && row.is_admin === 1,
    publishedOnly: published,
  };
}

/** What an API key's actor is named: the prefix, then the key's (unique) name. */
export const API_KEY_ACTOR_PREFIX = 'apikey:';

/** The key's actor; a refused key is recorded (administrators read it) with the caller's address. */
export async function authenticateApiKey(db: Db, key: string, address?: string): Promise<Actor> {
  const row = await keys(db).where('api_keys.key_hash', '=', hashApiKey(key)).executeTakeFirst();
  const now = new Date();
  let actor: Actor;
  try {
    actor = actorOfKey(row, now);
  } catch (error) {
    await recordSignInFailure(db, {
      username: row ? `${API_KEY_ACTOR_PREFIX}${row.name}` : '',
      endpoint: 'api-key',
      reason: !row ? 'unknown API key' : row.revoked_date ? 'revoked API key' : 'expired API key',
      address,
    });
    throw error;
  }
  await recordUse(db, row!.key_id, row!.last_used_date, now);
  return actor;
}

/** The actor of a key by its name (work done later for whoever asked), while the key is valid. */
export async function apiKeyActorByName(db: Db, name: string): Promise<Actor> {
  const row = await keys(db).where('api_keys.name', '=', name).executeTakeFirst();
  return actorOfKey(row, new Date());
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
