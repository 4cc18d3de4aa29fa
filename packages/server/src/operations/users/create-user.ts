/** Creates a user with roles. Passwords are hashed by the identity layer before they get here. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { SYSTEM_ACTOR, type Actor } from '../../auth/actor';
import { recordAudit } from '../../audit/record';

export interface NewUser {
  username: string;
  given_name?: string;
  family_name?: string;
  email?: string | null;
  password_hash?: string | null;
  roleIds: string[];
}

/** `actor` is who adds the user (the system for a first sign-in through a directory). */
export async function createUser(
  db: Db,
  input: NewUser,
  actor: Actor = SYSTEM_ACTOR,
): Promise<string> {
  if (!/^[a-zA-Z0-9._@-]{1,100}$/.test(input.username)) {
    fail(
      'VALIDATION_FAILED',
      'A username may use letters, digits and . _ @ - (at most 100 characters)',
    );
  }
  const now = new Date().toISOString();
  const userId = randomUUID();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', input.username)
      .executeTakeFirst();
    if (existing) fail('ALREADY_EXISTS', `A user named "${input.username}" already exists`);
    await trx
      .insertInto('users')
      .values({
        user_id: userId,
        username: input.username,
        given_name: input.given_name ?? '',
        family_name: input.family_name ?? '',
        email: input.email ?? null,
        password_hash: input.password_hash ?? null,
        disabled: 0,
        created_date: now,
        updated_date: now,
      })
      .execute();
    if (input.roleIds.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(input.roleIds.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'user-create',
      details: { username: input.username, roles: input.roleIds },
    });
  });
  return userId;
}
