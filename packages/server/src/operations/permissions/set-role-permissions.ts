/**
 * Sets a role's permissions on many items at once (the permissions editor's save). For each
 * listed item and permission: 1 grants, 0 refuses, null clears the setting (inherit again);
 * unlisted items and permissions are left as they are. Nobody changes a permission they do not
 * hold themselves on that item, nor the settings of a role ranked above their own.
 */
import { isPermission, type Permission } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { ancestry, permissionsOn } from '../../access/permissions';
import { fail, notFound } from '../../errors';
import { recordAudit } from '../../audit/record';
import { readPermissionData, type PermissionData } from './permission-data';
import { roleWithinReach } from './role-access';

export type PermissionChanges = Record<string, Record<string, { permission: 0 | 1 | null }>>;

export async function setRolePermissions(
  db: Db,
  actor: Actor,
  roleId: string,
  changes: PermissionChanges,
): Promise<PermissionData> {
  return db.transaction().execute(async (trx) => {
    // access: the role
    const role = await roleWithinReach(trx, actor, roleId);
    if (role.is_admin) {
      fail(
        'VALIDATION_FAILED',
        `The role ${roleId} is an administrator role: it holds every permission`,
      );
    }
    // validate, and access: each permission on each item
    for (const [itemId, flags] of Object.entries(changes)) {
      if ((await ancestry(trx, itemId)).length === 0) notFound('Content', itemId);
      const held = await permissionsOn(trx, actor, itemId);
      for (const permissionId of Object.keys(flags)) {
        if (!isPermission(permissionId)) {
          fail(
            'VALIDATION_FAILED',
            `Unknown permission "${permissionId}": use Edit, Create, Delete or Read`,
          );
        }
        if (!held.includes(permissionId)) {
          fail(
            'FORBIDDEN',
            `You cannot set ${permissionId} on this item: you do not hold it yourself`,
            {
              permission: permissionId,
              content_id: itemId,
            },
          );
        }
      }
    }
    // write
    for (const [itemId, flags] of Object.entries(changes)) {
      for (const [permissionId, { permission }] of Object.entries(flags)) {
        const key = {
          role_id: roleId,
          content_id: itemId,
          permission_id: permissionId as Permission,
        };
        if (permission === null) {
          await trx
            .deleteFrom('role_permissions')
            .where('role_id', '=', key.role_id)
            .where('content_id', '=', key.content_id)
            .where('permission_id', '=', key.permission_id)
            .execute();
        } else {
          await trx
            .insertInto('role_permissions')
            .values({ ...key, permission })
            .onConflict((oc) =>
              oc.columns(['role_id', 'content_id', 'permission_id']).doUpdateSet({ permission }),
            )
            .execute();
        }
      }
      await recordAudit(trx, actor, {
        action: 'permissions',
        content_id: itemId,
        details: { role_id: roleId, permissions: settingsOf(flags) },
      });
    }
    return readPermissionData(trx, roleId);
  });
}

/** What was set on one item: each permission's new setting (1, 0, or null for inherit). */
function settingsOf(flags: Record<string, { permission: 0 | 1 | null }>) {
  return Object.fromEntries(Object.entries(flags).map(([id, { permission }]) => [id, permission]));
}
