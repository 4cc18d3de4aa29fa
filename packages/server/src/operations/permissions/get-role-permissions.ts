/**
 * A role's permission data. Administrators see all of it; others see it for roles up to their
 * own rank, and only on items they may Read.
 */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { readableIds } from '../../access/permissions';
import { readPermissionData, type PermissionData } from './permission-data';
import { roleWithinReach } from './role-access';

export async function getRolePermissions(
  db: Db,
  actor: Actor,
  roleId: string,
): Promise<PermissionData> {
  await roleWithinReach(db, actor, roleId);
  const data = await readPermissionData(db, roleId);
  if (actor.isAdmin) return data;
  const contents = await readableIds(db, actor, 'content_items');
  const templates = await readableIds(db, actor, 'templates');
  const visible: PermissionData = {};
  for (const [itemId, flags] of Object.entries(data)) {
    if (contents?.has(itemId) || templates?.has(itemId)) visible[itemId] = flags;
  }
  return visible;
}
