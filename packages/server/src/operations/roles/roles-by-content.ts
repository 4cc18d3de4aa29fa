/**
 * Roles by content (§7 GET /api/contents/{id}/roles): what each role holds on one item, both
 * in effect (inherited down the tree) and set on the item itself.
 */
import { ALL_PERMISSIONS, type Permission } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import {
  ancestry,
  granted,
  inherit,
  requirePermission,
  type InheritedState,
  type Settings,
} from '../../access/permissions';
import { notFound } from '../../errors';
import { listRoles, type RoleView } from './list-roles';
import type { PermissionFlags } from '../permissions/permission-data';

export interface RoleOnContent extends RoleView {
  /** Permissions the role holds on the item, inherited or set here. */
  permissions: Permission[];
  /** Settings made on this very item: permission id -> { permission: 1 | 0 }. */
  settings: PermissionFlags;
}

export async function rolesByContent(
  db: Db,
  actor: Actor,
  itemId: string,
): Promise<RoleOnContent[]> {
  const chain = await ancestry(db, itemId);
  if (chain.length === 0) notFound('Content', itemId);
  // access
  await requirePermission(db, actor, itemId, 'Read');
  // read every role's settings along the path from the root to the item
  const rows = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'content_id', 'permission_id', 'permission'])
    .where('content_id', 'in', chain)
    .execute();
  const byItem = new Map<string, Settings>();
  for (const row of rows) {
    let settings = byItem.get(row.content_id);
    if (!settings) byItem.set(row.content_id, (settings = new Map()));
    let role = settings.get(row.role_id);
    if (!role) settings.set(row.role_id, (role = new Map()));
    role.set(row.permission_id as Permission, row.permission === 1);
  }
  let state: InheritedState = new Map();
  for (const id of chain) state = inherit(state, byItem.get(id));
  const own = byItem.get(itemId);
  return (await listRoles(db)).map((role) => {
    const settings: PermissionFlags = {};
    for (const [permission, allowed] of own?.get(role.role_id) ?? []) {
      settings[permission] = { permission: allowed ? 1 : 0 };
    }
    const roleState = state.get(role.role_id);
    return {
      ...role,
      permissions: role.is_admin
        ? [...ALL_PERMISSIONS]
        : granted(new Map(roleState ? [[role.role_id, roleState]] : [])),
      settings,
    };
  });
}
