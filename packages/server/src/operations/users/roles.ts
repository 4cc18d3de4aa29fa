/** The built-in roles every installation starts with. Ranks order who may grant what. */
import type { Db } from '../../db/index';

export const BUILT_IN_ROLES = [
  { role_id: 'administrator', role_name: 'Administrator', role_rank: 100, is_admin: 1 },
  { role_id: 'editor', role_name: 'Editor', role_rank: 50, is_admin: 0 },
  // Stands for the directory group 'PORTAL-EDITOR': creates and deletes micro-app instances.
  { role_id: 'portal-editor', role_name: 'Portal Editor', role_rank: 40, is_admin: 0 },
  { role_id: 'author', role_name: 'Author', role_rank: 10, is_admin: 0 },
] as const;

export async function ensureBuiltInRoles(db: Db): Promise<void> {
  await db
    .insertInto('roles')
    .values(BUILT_IN_ROLES.map((role) => ({ ...role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
