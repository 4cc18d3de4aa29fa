/**
 * The demo roles' permissions, so that every demo user sees a real tree: the editor runs the demo
 * site and the media library (Read, Edit, Create, Delete), the author reads everything and edits
 * the pages of one section. Granted through the permissions editor's own operation.
 */
import {
  ALL_PERMISSIONS,
  MEDIA_LIBRARY_ROOT_ID,
  TEMPLATE_FOLDER_ID,
  type Permission,
} from '@canopy/core';
import { SYSTEM_ACTOR } from '../auth/actor';
import type { Db } from '../db/index';
import {
  setRolePermissions,
  type PermissionChanges,
} from '../operations/permissions/set-role-permissions';

const grant = (permissions: readonly Permission[]) =>
  Object.fromEntries(permissions.map((p) => [p, { permission: 1 as const }]));

/** `homeId`: the demo site's root; `sectionId`: the section the author edits. */
export async function seedDemoPermissions(
  db: Db,
  homeId: string,
  sectionId: string,
): Promise<void> {
  const read = grant(['Read']);
  // Both read the templates (the widget templates inherit it): Add Item builds its choices there.
  const templates: PermissionChanges = { [TEMPLATE_FOLDER_ID]: read };
  const all = grant(ALL_PERMISSIONS);
  await setRolePermissions(db, SYSTEM_ACTOR, 'editor', {
    [homeId]: all,
    [MEDIA_LIBRARY_ROOT_ID]: all,
    ...templates,
  });
  await setRolePermissions(db, SYSTEM_ACTOR, 'author', {
    [homeId]: read,
    [MEDIA_LIBRARY_ROOT_ID]: read,
    ...templates,
    [sectionId]: grant(['Read', 'Edit']),
  });
}
