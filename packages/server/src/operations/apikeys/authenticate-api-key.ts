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
      'roles.is_admin',
    ])
    .where('api_keys.key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  if (!row || row.revoked_date)
    fail('UNAUTHENTICATED', 'This API key is not valid or has been revoked');
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
