/**
 * Puts menu rows (content items and templates, parents first) into a forest, keeping only what
 * the caller may read. An unreadable item's readable descendants hang from its nearest readable
 * ancestor, so nothing readable is ever hidden. Children go by order, then name; at the top,
 * content comes before templates.
 */
import type { Permission } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { permissionsEverywhere, permissionsForItems } from '../../access/permissions';
import type { Db } from '../../db/index';
import { bySiblingOrder } from '../../cache/menu-body';

export interface ForestRow {
  id: string;
  parent_id: string | null;
  order: number;
  name: string;
  item_type: 'content' | 'template';
}

export interface ForestNode<R> {
  row: R;
  permissions: Permission[];
  children: ForestNode<R>[];
}

/**
 * Every row's permissions come from one walk over the caller's role settings (a subtree inherits
 * from its root's ancestors), and that walk also decides what is shown: the menu needs each item's
 * permissions anyway, so filtering again in SQL would only double the work.
 */
export async function assembleForest<R extends ForestRow>(
  db: Db,
  actor: Actor,
  rows: R[],
): Promise<ForestNode<R>[]> {
  // The same everywhere (an administrator): no map of 100,000 items to one value.
  const everywhere = permissionsEverywhere(actor);
  const permissionsOf = everywhere ? undefined : await permissionsForItems(db, actor, rows);
  /** For every item, the nearest readable item at or above it. */
  const anchor = new Map<string, ForestNode<R> | null>();
  const shown: ForestNode<R>[] = [];
  const roots: ForestNode<R>[] = [];
  for (const row of rows) {
    const permissions = everywhere ?? permissionsOf?.get(row.id) ?? [];
    const parentAnchor = row.parent_id ? (anchor.get(row.parent_id) ?? null) : null;
    if (!permissions.includes('Read')) {
      anchor.set(row.id, parentAnchor);
      continue;
    }
    const node: ForestNode<R> = { row, permissions, children: [] };
    shown.push(node);
    anchor.set(row.id, node);
    (parentAnchor ? parentAnchor.children : roots).push(node);
  }
  const byOrder = (a: ForestNode<R>, b: ForestNode<R>) => bySiblingOrder(a.row, b.row);
  for (const node of shown) if (node.children.length > 1) node.children.sort(byOrder);
  return roots.sort((a, b) =>
    a.row.item_type === b.row.item_type ? byOrder(a, b) : a.row.item_type === 'content' ? -1 : 1,
  );
}
