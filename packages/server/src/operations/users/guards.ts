/** Who may manage people and roles: administrators, and nobody above their own rank. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';

export function requireAdministrator(actor: Actor, what: string): void {
  if (!actor.isAdmin) fail('FORBIDDEN', `Only an administrator can ${what}`);
}

/** The highest rank among the actor's roles; administrators outrank everything. */
export async function rankOf(db: Db, actor: Actor): Promise<number> {
  if (actor.isAdmin) return Number.POSITIVE_INFINITY;
  return highestRank(db, actor);
}

/** The highest rank among the actor's own roles (an administrator's role is 100); 0 for none. */
export async function highestRank(db: Db, actor: Actor): Promise<number> {
  if (actor.roleIds.length === 0) return 0;
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.max('role_rank').as('rank'))
    .where('role_id', 'in', actor.roleIds)
    .executeTakeFirst();
  return Number(row?.rank ?? 0);
}

/** Refuses when removing or disabling `userId`'s administrator role would leave none enabled. */
export async function keepOneAdministrator(db: Db, userId: string): Promise<void> {
  const admins = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.role_id', 'user_roles.role_id')
    .innerJoin('users', 'users.user_id', 'user_roles.user_id')
    .select('users.user_id')
    .distinct()
    .where('roles.is_admin', '=', 1)
    .where('users.disabled', '=', 0)
    .execute();
  if (admins.length === 1 && admins[0]!.user_id === userId) {
    fail(
      'CONFLICT',
      'This is the last enabled administrator; make someone else an administrator first',
    );
  }
}
