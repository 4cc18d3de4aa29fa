/**
 * Changes a user's profile, password or disabled flag (administrators only). A disabled user's
 * tokens stop working on their next request: every request re-reads the user.
 */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { checkPasswordStrength, hashPassword } from '../../auth/passwords';
import { recordAudit } from '../../audit/record';
import { readUser, type UserView } from './get-user';
import { keepOneAdministrator, requireAdministrator } from './guards';

export interface UserChanges {
  given_name?: string | undefined;
  family_name?: string | undefined;
  email?: string | null | undefined;
  password?: string | undefined;
  disabled?: 0 | 1 | undefined;
}

export async function updateUser(
  db: Db,
  actor: Actor,
  userId: string,
  changes: UserChanges,
): Promise<UserView> {
  // access
  requireAdministrator(actor, 'change users');
  const user = await readUser(db, userId);
  // validate
  if (changes.password !== undefined) {
    const problem = checkPasswordStrength(changes.password);
    if (problem) fail('VALIDATION_FAILED', problem);
  }
  if (changes.disabled === 1 && actor.userId === userId) {
    fail('VALIDATION_FAILED', 'You cannot disable your own account');
  }
  const password_hash =
    changes.password === undefined ? undefined : await hashPassword(changes.password);
  await db.transaction().execute(async (trx) => {
    if (changes.disabled === 1) await keepOneAdministrator(trx, userId);
    // write
    await trx
      .updateTable('users')
      .set({
        ...(changes.given_name !== undefined && { given_name: changes.given_name }),
        ...(changes.family_name !== undefined && { family_name: changes.family_name }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.disabled !== undefined && { disabled: changes.disabled }),
        ...(password_hash !== undefined && { password_hash }),
        updated_date: new Date().toISOString(),
      })
      .where('user_id', '=', userId)
      .execute();
    // What changed, never to what: a password is named, not written down.
    const changed = (
      ['given_name', 'family_name', 'email', 'password', 'disabled'] as const
    ).filter((key) => changes[key] !== undefined);
    await recordAudit(trx, actor, {
      action: 'user-change',
      details: {
        username: user.username,
        changed,
        ...(changes.disabled !== undefined && { disabled: changes.disabled }),
      },
    });
  });
  return readUser(db, userId);
}
