/** Creates an API key for server-side callers; the key itself is returned once and never again. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { isPersonalRole, type Actor } from '../../auth/actor';
import { newApiKey, type ApiKeyScope } from '../../auth/api-keys';
import { requireAdministrator } from '../users/guards';

export interface NewApiKey {
  name: string;
  scope: ApiKeyScope;
  /** Required when scope is 'role': the key acts with this role's permissions. */
  roleId?: string | undefined;
  /** An ISO date and time after which the key is refused; none: it never expires. */
  expiresDate?: string | undefined;
}

export interface CreatedApiKey {
  key_id: string;
  name: string;
  key: string;
  key_prefix: string;
  scope: ApiKeyScope;
  role_id: string | null;
  created_date: string;
  expires_date: string | null;
}

export async function createApiKey(db: Db, actor: Actor, input: NewApiKey): Promise<CreatedApiKey> {
  // access
  requireAdministrator(actor, 'create API keys');
  // validate
  if (!/^[a-zA-Z0-9._ -]{1,100}$/.test(input.name)) {
    fail(
      'VALIDATION_FAILED',
      'An API key name may use letters, digits, spaces and . _ - (at most 100)',
    );
  }
  if (input.scope === 'role' && !input.roleId) {
    fail('VALIDATION_FAILED', 'A role-scoped API key needs a role (--role or role_id)');
  }
  if (input.scope === 'published' && input.roleId) {
    fail('VALIDATION_FAILED', 'A published-content API key takes no role');
  }
  const expires = input.expiresDate === undefined ? null : new Date(input.expiresDate);
  if (expires && Number.isNaN(expires.getTime())) {
    fail(
      'VALIDATION_FAILED',
      'An API key expiry must be a date and time such as 2027-01-31T00:00Z',
    );
  }
  if (expires && expires.getTime() <= Date.now()) {
    fail('VALIDATION_FAILED', 'An API key expiry must be in the future');
  }
  return db.transaction().execute(async (trx) => {
    if (input.roleId) {
      const role = await trx
        .selectFrom('roles')
        .select('role_id')
        .where('role_id', '=', input.roleId)
        .executeTakeFirst();
      if (!role || isPersonalRole(input.roleId))
        fail('ROLE_NOT_FOUND', `Role ${input.roleId} was not found`);
    }
    const taken = await trx
      .selectFrom('api_keys')
      .select('key_id')
      .where('name', '=', input.name)
      .executeTakeFirst();
    if (taken) fail('ALREADY_EXISTS', `An API key named "${input.name}" already exists`);
    // write
    const { key, prefix, hash } = newApiKey();
    const created: CreatedApiKey = {
      key_id: randomUUID(),
      name: input.name,
      key,
      key_prefix: prefix,
      scope: input.scope,
      role_id: input.roleId ?? null,
      created_date: new Date().toISOString(),
      expires_date: expires?.toISOString() ?? null,
    };
    await trx
      .insertInto('api_keys')
      .values({
        key_id: created.key_id,
        name: created.name,
        key_hash: hash,
        key_prefix: prefix,
        scope: created.scope,
        role_id: created.role_id,
        created_by: actor.username,
        created_date: created.created_date,
        revoked_date: null,
        expires_date: created.expires_date,
        last_used_date: null,
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'permissions',
      details: {
        api_key: 'create',
        name: created.name,
        scope: created.scope,
        role_id: created.role_id,
        expires_date: created.expires_date,
      },
    });
    return created;
  });
}
