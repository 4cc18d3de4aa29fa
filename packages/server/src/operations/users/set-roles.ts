/** Replaces a user's roles (administrators only); personal roles are kept. */
import type { Db } from '../../db/index';
import { isPersonalRole, type Actor } from '../../auth/actor';
import { readUser, type UserView } from './get-user';
import { keepOneAdministrator, requireAdministrator } from './guards';
import { checkAssignableRoles } from './check-roles';
import { recordAudit } from '../../audit/record';

export async function setUserRoles(
  db: Db,
  actor: Actor,
  userId: string,
  roleIds: string[],
): Promise<UserView> {
  // access
  requireAdministrator(actor, "change people's roles");
  const { username } = await readUser(db, userId);
  // validate
  await checkAssignableRoles(db, actor, roleIds);
  await db.transaction().execute(async (trx) => {
    const givesAdmin = await trx
      .selectFrom('roles')
      .select('role_id')
      .where('is_admin', '=', 1)
      .where('role_id', 'in', roleIds.length ? roleIds : [''])
      .executeTakeFirst();
    if (!givesAdmin) await keepOneAdministrator(trx, userId);
    // write
    const current = await trx
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', userId)
      .execute();
    const drop = current
      .map((row) => row.role_id)
      .filter((roleId) => !isPersonalRole(roleId) && !roleIds.includes(roleId));
    if (drop.length > 0) {
      await trx
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role_id', 'in', drop)
        .execute();
    }
    const add = roleIds.filter((roleId) => !current.some((row) => row.role_id === roleId));
    if (add.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(add.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
    }
    await trx
      .updateTable('users')
      .set({ updated_date: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    if (drop.length > 0 || add.length > 0) {
      await recordAudit(trx, actor, {
        action: 'permissions',
        details: { username, roles_added: add, roles_removed: drop },
      });
    }
  });
  return readUser(db, userId);
}
