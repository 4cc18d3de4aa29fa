/** Whether the actor may see or change a role's permissions: not above their own rank. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail, notFound } from '../../errors';
import { rankOf } from '../users/guards';
import { readRole, type RoleView } from '../roles/list-roles';

export async function roleWithinReach(db: Db, actor: Actor, roleId: string): Promise<RoleView> {
  const role = await readRole(db, roleId);
  if (!role) notFound('Role', roleId);
  if (role.role_rank > (await rankOf(db, actor))) {
    fail('FORBIDDEN', `The role ${roleId} ranks above your own`, { role_id: roleId });
  }
  return role;
}
