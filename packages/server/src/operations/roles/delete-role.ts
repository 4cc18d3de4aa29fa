/** Deletes an empty role and its permission settings (administrators; not built-in roles). */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail, notFound } from '../../errors';
import { recordAudit } from '../../audit/record';
import { BUILT_IN_ROLES } from '../users/roles';
import { requireAdministrator } from '../users/guards';
import { readRole } from './list-roles';

export async function deleteRole(db: Db, actor: Actor, roleId: string): Promise<void> {
  requireAdministrator(actor, 'delete roles');
  if (!(await readRole(db, roleId))) notFound('Role', roleId);
  if (BUILT_IN_ROLES.some((role) => role.role_id === roleId)) {
    fail('CONFLICT', `The built-in role ${roleId} cannot be deleted`);
  }
  const members = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  const count = Number(members.count);
  if (count > 0) {
    fail(
      'CONFLICT',
      `The role ${roleId} still has ${count} member${count === 1 ? '' : 's'}; take it from them first`,
    );
  }
  // Settings and keys of the role go with it (foreign keys cascade).
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('roles').where('role_id', '=', roleId).execute();
    await recordAudit(trx, actor, {
      action: 'permissions',
      details: { role: 'delete', role_id: roleId },
    });
  });
}
