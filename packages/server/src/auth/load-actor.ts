/** Turns a user id into the Actor every operation receives, refusing disabled accounts. */
import type { Db } from '../db/index';
import { fail } from '../errors';
import { displayNameOf, type Actor } from './actor';

export async function loadUserActor(db: Db, userId: string): Promise<Actor> {
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'username', 'given_name', 'family_name', 'disabled'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled) {
    fail('UNAUTHENTICATED', 'This account is disabled or no longer exists');
  }
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.role_id', 'user_roles.role_id')
    .select(['roles.role_id', 'roles.is_admin'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.role_id')
    .execute();
  return {
    kind: 'user',
    userId,
    username: user.username,
    displayName: displayNameOf(user),
    roleIds: roles.map((role) => role.role_id),
    isAdmin: roles.some((role) => role.is_admin === 1),
    publishedOnly: false,
  };
}
