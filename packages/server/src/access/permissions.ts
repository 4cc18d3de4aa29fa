/**
 * Per-item permissions (SPEC §6): Edit, Create, Delete, Read per role on any item of the tree
 * (content items and templates), inherited by the item's subtree unless a descendant sets its own.
 * Administrators hold everything.
 */
import { ALL_PERMISSIONS, normalisePermissions, type Permission } from '@canopy/core';
import type { Actor } from '../auth/actor';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { fail } from '../errors';

/** One role's explicit settings on one item: permission -> granted. */
export type Settings = Map<string, Map<Permission, boolean>>;

/** Loads the explicit settings of the actor's roles, keyed by item id then role id. */
export async function loadSettings(
  db: Db,
  actor: Actor,
  itemIds?: readonly string[],
): Promise<Map<string, Settings>> {
  const byItem = new Map<string, Settings>();
  if (actor.roleIds.length === 0 || itemIds?.length === 0) return byItem;
  let query = db
    .selectFrom('role_permissions')
    .select(['content_id', 'role_id', 'permission_id', 'permission'])
    .where('role_id', 'in', actor.roleIds);
  if (itemIds) query = query.where('content_id', 'in', itemIds);
  for (const row of await query.execute()) {
    let settings = byItem.get(row.content_id);
    if (!settings) byItem.set(row.content_id, (settings = new Map()));
    let role = settings.get(row.role_id);
    if (!role) settings.set(row.role_id, (role = new Map()));
    role.set(row.permission_id as Permission, row.permission === 1);
  }
  return byItem;
}

/**
 * Inherited state for one role: the nearest setting of each permission along the path from the
 * root. `inherit` gives a child's state from its parent's state and the child's own settings.
 */
export type InheritedState = Map<string, Map<Permission, boolean>>;

export function inherit(parent: InheritedState, own: Settings | undefined): InheritedState {
  if (!own) return parent;
  const next: InheritedState = new Map(parent);
  for (const [roleId, settings] of own) {
    next.set(roleId, new Map([...(parent.get(roleId) ?? []), ...settings]));
  }
  return next;
}

export function granted(state: InheritedState): Permission[] {
  const result = new Set<Permission>();
  for (const settings of state.values()) {
    for (const [permission, allowed] of settings) if (allowed) result.add(permission);
  }
  return normalisePermissions(result);
}

/** The ids from the root down to the item (content tree or template tree). */
export async function ancestry(db: Db, itemId: string): Promise<string[]> {
  for (const [table, idColumn] of [
    ['content_items', 'content_id'],
    ['templates', 'template_id'],
  ] as const) {
    const { rows } = await sql<{ id: string }>`
      WITH RECURSIVE chain(id, parent_id, depth) AS (
        SELECT ${sql.ref(idColumn)}, parent_id, 0 FROM ${sql.table(table)} WHERE ${sql.ref(idColumn)} = ${itemId}
        UNION ALL
        SELECT ${sql.ref(`t.${idColumn}`)}, t.parent_id, chain.depth + 1
        FROM ${sql.table(table)} AS t JOIN chain ON ${sql.ref(`t.${idColumn}`)} = chain.parent_id
      )
      SELECT id FROM chain ORDER BY depth DESC`.execute(db);
    if (rows.length > 0) return rows.map((row) => row.id);
  }
  return [];
}

/** The permissions the actor holds on one item. */
export async function permissionsOn(db: Db, actor: Actor, itemId: string): Promise<Permission[]> {
  if (actor.isAdmin) return [...ALL_PERMISSIONS];
  const chain = await ancestry(db, itemId);
  const settings = await loadSettings(db, actor, chain);
  let state: InheritedState = new Map();
  for (const id of chain) state = inherit(state, settings.get(id));
  return granted(state);
}

/** Refuses with 403 unless the actor holds `permission` on the item. */
export async function requirePermission(
  db: Db,
  actor: Actor,
  itemId: string,
  permission: Permission,
): Promise<Permission[]> {
  const held = await permissionsOn(db, actor, itemId);
  if (!held.includes(permission)) {
    fail('FORBIDDEN', `You need the ${permission} permission on this item to do that`, {
      permission,
      content_id: itemId,
    });
  }
  return held;
}
