/**
 * Permissions over a whole tree in one pass: each item inherits its parent's state unless its own
 * settings override it. Used where many items are listed at once (menus, lists), so the cost is
 * one query for the settings and a walk, never a query per item.
 */
import { ALL_PERMISSIONS, type Permission } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { granted, inherit, loadSettings, type InheritedState } from '../../access/permissions';
import type { Db } from '../../db/index';

export interface TreeNode {
  id: string;
  parent_id: string | null;
}

/**
 * Returns a function giving the caller's permissions on an item. `nodes` must list parents before
 * their children (e.g. ordered by path).
 */
export async function treePermissions(
  db: Db,
  actor: Actor,
  nodes: readonly TreeNode[],
): Promise<(id: string) => Permission[]> {
  if (actor.isAdmin) {
    const all = [...ALL_PERMISSIONS];
    return () => all;
  }
  const settings = await loadSettings(db, actor);
  const states = new Map<string, InheritedState>();
  const results = new Map<string, Permission[]>();
  const empty: InheritedState = new Map();
  for (const node of nodes) {
    const parentState = (node.parent_id && states.get(node.parent_id)) || empty;
    const state = inherit(parentState, settings.get(node.id));
    states.set(node.id, state);
    results.set(
      node.id,
      state === parentState && node.parent_id ? results.get(node.parent_id)! : granted(state),
    );
  }
  return (id) => results.get(id) ?? [];
}

/** All content items as tree nodes, parents first. */
export function contentTreeNodes(db: Db): Promise<TreeNode[]> {
  return db
    .selectFrom('content_items')
    .select(['content_id as id', 'parent_id'])
    .orderBy('path')
    .execute();
}
