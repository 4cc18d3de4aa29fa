/** Lists the roles (§6 roles path), highest rank first; personal roles are flagged. */
import type { Db } from '../../db/index';
import { isPersonalRole } from '../../auth/actor';
import { matches, pageOf, type Page, type PageRequest } from '../paging';

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

export interface RoleWithMembers extends RoleView {
  member_count: number;
}

export const ROLE_SORTS = ['role_rank', 'role_name', 'member_count'] as const;

/** The roles with how many users hold each. */
export async function withMemberCounts(db: Db, roles: RoleView[]): Promise<RoleWithMembers[]> {
  const counts = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('role_id')
    .execute();
  const byRole = new Map(counts.map((row) => [row.role_id, Number(row.n)]));
  return roles.map((role) => ({ ...role, member_count: byRole.get(role.role_id) ?? 0 }));
}

/** Every role by default, highest rank first; or a page, filtered by name or id and sorted. */
export async function listRolesPage(
  db: Db,
  request: PageRequest & { personal?: boolean | undefined },
): Promise<Page<RoleWithMembers>> {
  const all = (await withMemberCounts(db, await listRoles(db))).filter(
    (role) =>
      (request.personal !== false || !role.is_personal) &&
      matches(request.q, role.role_id, role.role_name),
  );
  const rankFirst = request.sort === undefined;
  return pageOf(
    all,
    { ...request, order: rankFirst ? 'desc' : request.order },
    (role, sort) =>
      sort === 'role_name'
        ? role.role_name
        : sort === 'member_count'
          ? role.member_count
          : role.role_rank,
    'role_rank',
    (role) => role.role_name,
  );
}
