/**
 * Permission data (§3): keyed by content id, then permission id, with a `permission` flag
 * (1 granted, 0 refused). An item a role sets nothing on is absent: it inherits from above.
 */
import type { Permission } from '@canopy/core';
import type { Db } from '../../db/index';

export type PermissionFlags = Partial<Record<Permission, { permission: 0 | 1 }>>;
export type PermissionData = Record<string, PermissionFlags>;

export async function readPermissionData(db: Db, roleId: string): Promise<PermissionData> {
  const rows = await db
    .selectFrom('role_permissions')
    .select(['content_id', 'permission_id', 'permission'])
    .where('role_id', '=', roleId)
    .orderBy('content_id')
    .execute();
  const data: PermissionData = {};
  for (const row of rows) {
    (data[row.content_id] ??= {})[row.permission_id as Permission] = {
      permission: row.permission === 1 ? 1 : 0,
    };
  }
  return data;
}
