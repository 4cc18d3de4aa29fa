/** Lists API keys (never the keys themselves: only their first characters). */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { requireAdministrator } from '../users/guards';

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
