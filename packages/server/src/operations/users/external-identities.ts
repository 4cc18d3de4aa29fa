/**
 * Users who sign in elsewhere (an external OpenID provider or a gateway) get a local user, found
 * by the link from their (issuer, subject) and nothing else: a username is chosen by the person
 * or the provider and never links to an existing account. A first sign-in whose username is
 * taken gets a distinct account with a numbered username (`anna-2`). Their roles come from the
 * provider and replace the local ones (personal roles are kept).
 */
import type { Db } from '../../db/index';
import { AppError, fail } from '../../errors';
import { constraintViolation } from '../../db/errors-driver';
import { createUser } from './create-user';
import { isPersonalRole, SYSTEM_ACTOR } from '../../auth/actor';
import { recordAudit } from '../../audit/record';
import { recordSignIn } from './sign-ins';
import type { ExternalProfile } from '../../auth/external-profile';

export async function resolveExternalUser(db: Db, profile: ExternalProfile): Promise<string> {
  const userId =
    (await linkedUser(db, profile)) ??
    (await claimLegacyLink(db, profile)) ??
    (await createLinkedUser(db, profile));
  await syncProfile(db, userId, profile);
  if (profile.roles) await syncRoles(db, userId, profile.roles);
  await recordSignIn(db, userId);
  return userId;
}

async function linkedUser(db: Db, profile: ExternalProfile): Promise<string | undefined> {
  const link = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('issuer', '=', profile.issuer)
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  return link?.user_id;
}

/** A link made before issuers were recorded (migration 0004) belongs to the configured issuer. */
async function claimLegacyLink(db: Db, profile: ExternalProfile): Promise<string | undefined> {
  const claimed = await db
    .updateTable('external_identities')
    .set({ issuer: profile.issuer })
    .where('issuer', '=', `legacy:${profile.source}`)
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n ? linkedUser(db, profile) : undefined;
}

const MAX_NUMBERED = 100;

async function createLinkedUser(db: Db, profile: ExternalProfile): Promise<string> {
  const base = usernameFor(profile.username ?? profile.subject);
  let userId: string | undefined;
  for (let n = 1; !userId && n <= MAX_NUMBERED; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    try {
      userId = await createUser(db, {
        username: base.slice(0, 100 - suffix.length) + suffix,
        given_name: profile.given_name ?? '',
        family_name: profile.family_name ?? '',
        email: profile.email ?? null,
        roleIds: [],
      });
    } catch (error) {
      // Taken, or taken a moment ago by a racing request: try the next number.
      const taken =
        (error instanceof AppError && error.code === 'ALREADY_EXISTS') ||
        constraintViolation(error) === 'unique';
      if (!taken) throw error;
    }
  }
  if (!userId) {
    fail(
      'ALREADY_EXISTS',
      `The username "${base}" and its numbered variants are taken; ask an administrator to rename an account`,
    );
  }
  await db
    .insertInto('external_identities')
    .values({
      issuer: profile.issuer,
      source: profile.source,
      subject: profile.subject,
      user_id: userId,
      created_date: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
  const linked = await linkedUser(db, profile);
  if (linked && linked !== userId) {
    // Another request for the same person won the race: drop the account made here.
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    await db.deleteFrom('users').where('user_id', '=', userId).execute();
  }
  return linked ?? userId;
}

/** Usernames allow letters, digits and . _ @ -; anything else in a subject becomes '-'. */
function usernameFor(value: string): string {
  return value.replace(/[^a-zA-Z0-9._@-]/g, '-').slice(0, 100) || 'user';
}
async function syncProfile(db: Db, userId: string, profile: ExternalProfile): Promise<void> {
  const changes: { given_name?: string; family_name?: string; email?: string } = {};
  const user = await db
    .selectFrom('users')
    .select(['username', 'given_name', 'family_name', 'email'])
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
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...changes, updated_date: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, SYSTEM_ACTOR, {
      action: 'user-change',
      details: { username: user.username, changed: Object.keys(changes), source: profile.source },
    });
  });
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
  const { username } = await db
    .selectFrom('users')
    .select('username')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, SYSTEM_ACTOR, {
      action: 'permissions',
      details: {
        username,
        roles_added: target.filter((roleId) => !current.includes(roleId)),
        roles_removed: current.filter((roleId) => !target.includes(roleId)),
      },
    });
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
