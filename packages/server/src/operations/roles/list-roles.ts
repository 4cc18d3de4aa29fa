/** Lists the roles (§6 roles path), highest rank first; personal roles are flagged. */
import type { Db } from '../../db/index';
import { isPersonalRole } from '../../access/permissions';

export interface RoleView {
  role_id: string;
  role_name: string;
  role_rank: number;
  is_admin: number;
  /** 1 for a user's own role, which holds the grants they got as creator of items. */
  is_personal: number;
}

export async function listRoles(db: Db): Promise<RoleView[]> {
  const roles = await db
    .selectFrom('roles')
    .select(['role_id', 'role_name', 'role_rank', 'is_admin'])
    .orderBy('role_rank', 'desc')
    .orderBy('role_name')
    .execute();
  return roles.map((role) => ({ ...role, is_personal: isPersonalRole(role.role_id) ? 1 : 0 }));
}

export async function readRole(db: Db, roleId: string): Promise<RoleView | undefined> {
  const role = await db
    .selectFrom('roles')
    .select(['role_id', 'role_name', 'role_rank', 'is_admin'])
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return role && { ...role, is_personal: isPersonalRole(role.role_id) ? 1 : 0 };
}
