/** The permission definitions (§3): permission_id and permission_name. */
import type { Db } from '../../db/index';

export interface PermissionDefinition {
  permission_id: string;
  permission_name: string;
}

const ORDER = ['Edit', 'Create', 'Delete', 'Read'];

export async function listPermissionDefinitions(db: Db): Promise<PermissionDefinition[]> {
  const rows = await db
    .selectFrom('permission_definitions')
    .select(['permission_id', 'permission_name'])
    .execute();
  return rows.sort((a, b) => ORDER.indexOf(a.permission_id) - ORDER.indexOf(b.permission_id));
}
