/**
 * Per-item permissions (SPEC §6): Edit, Create, Delete, Read per role on any item of the tree
 * (content items and templates), inherited by the item's subtree unless a descendant sets its own.
 * Administrators hold everything.
 */
import {
  ALL_PERMISSIONS,
  hasPermission,
  heldPermissions,
  inheritPermissions,
  type Permission,
  type RolePermissionSettings,
} from '@canopy/core';
import { personalRoleId, type Actor } from '../auth/actor';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../db/index';
import { fail } from '../errors';
import {
  ancestryIds,
  constantFilter,
  grantedItemsFilter,
  itemIdsWhere,
  parentLinks,
  qualifiedId,
  type ItemTable,
} from '../repositories/item-trees';

export type { ItemTable } from '../repositories/item-trees';

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
 * Inherited state: for each role, the nearest setting of each permission along the path from the
 * root. The rule itself lives in core (`inheritPermissions`, `heldPermissions`).
 */
export type InheritedState = RolePermissionSettings;
export const inherit = inheritPermissions;
export const granted = heldPermissions;

/** The ids from the root down to the item (content tree or template tree). */
export const ancestry = ancestryIds;

/** The permissions the actor holds on one item. */
export async function permissionsOn(db: Db, actor: Actor, itemId: string): Promise<Permission[]> {
  if (actor.isAdmin) return [...ALL_PERMISSIONS];
  // Published content is public by nature: such callers read every item, but only its
  // published version (the content routes and the auth plugin keep drafts from them).
  if (actor.publishedOnly) return ['Read'];
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
  if (!hasPermission(held, permission)) forbidden(permission, itemId);
  return held;
}

/** The 403 of a permission missing on an item. */
export function forbidden(permission: Permission, itemId: string): never {
  return fail('FORBIDDEN', `You need the ${permission} permission on this item to do that`, {
    permission,
    content_id: itemId,
  });
}

/**
 * What an actor holds on every item whatever the settings say: all permissions for an
 * administrator, Read for the published-only caller; undefined for everyone else.
 */
export function permissionsEverywhere(actor: Actor): Permission[] | undefined {
  if (actor.isAdmin) return [...ALL_PERMISSIONS];
  return actor.publishedOnly ? ['Read'] : undefined;
}

/**
 * The permissions the actor holds on each of `items`, computed in one pass over the settings of
 * the actor's roles (a menu of thousands of items costs a few queries, not one per item).
 * Items must come parents first (tree or path order); items whose parent is not among them
 * inherit from that parent's ancestry, read for all of them at once.
 */
export async function permissionsForItems(
  db: Db,
  actor: Actor,
  items: readonly { id: string; parent_id: string | null }[],
): Promise<Map<string, Permission[]>> {
  const result = new Map<string, Permission[]>();
  const same = permissionsEverywhere(actor);
  if (same) {
    for (const item of items) result.set(item.id, same);
    return result;
  }
  const settings = await loadSettings(db, actor);
  const given = new Set(items.map((item) => item.id));
  const outsideParents = [
    ...new Set(
      items.map((item) => item.parent_id).filter((id): id is string => !!id && !given.has(id)),
    ),
  ];
  const parentOf = await parentLinks(db, outsideParents);
  const states = new Map<string, InheritedState>();
  const stateOf = (id: string | null | undefined): InheritedState => {
    if (!id) return new Map();
    const known = states.get(id);
    if (known) return known;
    // Walk up iteratively to the nearest known state, then back down.
    const chain: string[] = [];
    let cursor: string | null | undefined = id;
    while (cursor && !states.has(cursor) && !chain.includes(cursor)) {
      chain.push(cursor);
      cursor = parentOf.get(cursor);
    }
    let state = (cursor && states.get(cursor)) || new Map();
    for (const link of chain.reverse()) {
      state = inherit(state, settings.get(link));
      states.set(link, state);
    }
    return state;
  };
  for (const item of items) {
    const state = inherit(stateOf(item.parent_id), settings.get(item.id));
    states.set(item.id, state);
    result.set(item.id, granted(state));
  }
  return result;
}

/**
 * A where-expression that keeps only the items on which the actor holds `permission`, evaluated
 * by the database so lists are filtered in the query. `idColumn` is the (qualified) id column of
 * the `table` being read, e.g. `permissionFilter(actor, 'content_items', 'content_items.content_id', 'Read')`.
 *
 * It is core's `inheritPermissions` rule for one permission, written as a walk: it starts at
 * every item on which one of the actor's roles grants the permission and goes down, stopping
 * where that role sets the permission itself (a nearer setting wins). The cost grows with the
 * size of the granted subtrees, not of the whole tree.
 */
export function permissionFilter(
  actor: Actor,
  table: ItemTable,
  idColumn: string,
  permission: Permission,
): Expression<SqlBool> {
  if (actor.isAdmin) return constantFilter(true);
  if (actor.publishedOnly) return constantFilter(permission === 'Read');
  if (actor.roleIds.length === 0) return constantFilter(false);
  return grantedItemsFilter(actor.roleIds, table, idColumn, permission);
}

/** The items the actor may Read (menus and lists show only these). */
export function readableFilter(
  actor: Actor,
  table: ItemTable,
  idColumn: string,
): Expression<SqlBool> {
  return permissionFilter(actor, table, idColumn, 'Read');
}

/** The ids of every item of `table` the actor may Read; null means all of them. */
export async function readableIds(
  db: Db,
  actor: Actor,
  table: ItemTable,
): Promise<Set<string> | null> {
  if (actor.isAdmin || actor.publishedOnly) return null;
  return itemIdsWhere(db, table, readableFilter(actor, table, qualifiedId(table)));
}

/**
 * Gives the creator of a new item all four permissions on it (§6), through the creator's
 * personal role. Call it inside the transaction that creates the item. API keys and the system
 * act for no person, so they get no grants (administrators hold everything anyway, but are
 * granted too so that losing the administrator role keeps what they made).
 */
export async function grantCreatorPermissions(db: Db, actor: Actor, itemId: string): Promise<void> {
  if (actor.kind !== 'user' || !actor.userId) return;
  const roleId = personalRoleId(actor.userId);
  await db
    .insertInto('roles')
    .values({ role_id: roleId, role_name: `user:${actor.username}`, role_rank: 0, is_admin: 0 })
    .onConflict((oc) => oc.column('role_id').doNothing())
    .execute();
  await db
    .insertInto('user_roles')
    .values({ user_id: actor.userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
  await db
    .insertInto('role_permissions')
    .values(
      ALL_PERMISSIONS.map((permission_id) => ({
        role_id: roleId,
        content_id: itemId,
        permission_id,
        permission: 1,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['role_id', 'content_id', 'permission_id']).doUpdateSet({ permission: 1 }),
    )
    .execute();
  if (!actor.roleIds.includes(roleId)) actor.roleIds.push(roleId);
}
