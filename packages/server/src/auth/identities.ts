/**
 * Users who sign in elsewhere (an external OpenID provider or a gateway) get a local user, found
 * by the link from their subject, else by username, else created. Their roles come from the
 * provider and replace the local ones (personal roles are kept).
 */
import type { Db } from '../db/index';
import { createUser } from '../operations/users/create-user';
import { isPersonalRole } from '../access/permissions';

export interface ExternalProfile {
  /** 'oidc' for an external issuer, 'gateway' for gateway headers. */
  source: 'oidc' | 'gateway';
  subject: string;
  username?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  email?: string | undefined;
  /** Role ids or names; null when the provider says nothing about roles. */
  roles: string[] | null;
}

export async function resolveExternalUser(db: Db, profile: ExternalProfile): Promise<string> {
  const userId = (await linkedUser(db, profile)) ?? (await linkOrCreate(db, profile));
  await syncProfile(db, userId, profile);
  if (profile.roles) await syncRoles(db, userId, profile.roles);
  return userId;
}

async function linkedUser(db: Db, profile: ExternalProfile): Promise<string | undefined> {
  const link = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('source', '=', profile.source)
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  return link?.user_id;
}

async function linkOrCreate(db: Db, profile: ExternalProfile): Promise<string> {
  const username = usernameFor(profile.username ?? profile.subject);
  const existing = await db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', username)
    .executeTakeFirst();
  let userId = existing?.user_id;
  if (!userId) {
    try {
      userId = await createUser(db, {
        username,
        given_name: profile.given_name ?? '',
        family_name: profile.family_name ?? '',
        email: profile.email ?? null,
        roleIds: [],
      });
    } catch (error) {
      // Another request for the same person won the race: use what it made.
      const raced = await db
        .selectFrom('users')
        .select('user_id')
        .where('username', '=', username)
        .executeTakeFirst();
      if (!raced) throw error;
      userId = raced.user_id;
    }
  }
  await db
    .insertInto('external_identities')
    .values({
      source: profile.source,
      subject: profile.subject,
      user_id: userId,
      created_date: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['source', 'subject']).doNothing())
    .execute();
  return (await linkedUser(db, profile)) ?? userId;
}

/** Usernames allow letters, digits and . _ @ -; anything else in a subject becomes '-'. */
function usernameFor(value: string): string {
  return value.replace(/[^a-zA-Z0-9._@-]/g, '-').slice(0, 100) || 'user';
}

async function syncProfile(db: Db, userId: string, profile: ExternalProfile): Promise<void> {
  const changes: { given_name?: string; family_name?: string; email?: string } = {};
  const user = await db
    .selectFrom('users')
    .select(['given_name', 'family_name', 'email'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (profile.given_name !== undefined && profile.given_name !== user.given_name) {
    changes.given_name = profile.given_name;
  }
  if (profile.family_name !== undefined && profile.family_name !== user.family_name) {
    changes.family_name = profile.family_name;
  }
  if (profile.email !== undefined && profile.email !== user.email) changes.email = profile.email;
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...changes, updated_date: new Date().toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

async function syncRoles(db: Db, userId: string, claimed: string[]): Promise<void> {
  const wanted = new Set(claimed.map((role) => role.toLowerCase()));
  const roles = await db.selectFrom('roles').select(['role_id', 'role_name']).execute();
  const target = roles
    .filter((role) => !isPersonalRole(role.role_id))
    .filter(
      (role) => wanted.has(role.role_id.toLowerCase()) || wanted.has(role.role_name.toLowerCase()),
    )
    .map((role) => role.role_id);
  const current = (
    await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()
  )
    .map((row) => row.role_id)
    .filter((roleId) => !isPersonalRole(roleId));
  const same =
    current.length === target.length && target.every((roleId) => current.includes(roleId));
  if (same) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('role_id', 'not like', 'user:%')
      .execute();
    if (target.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(target.map((role_id) => ({ user_id: userId, role_id })))
        .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
        .execute();
    }
  });
}
