/**
 * The template tree: order numbers and paths (two-digit segments, §3 Menu item). Subtrees are
 * found by parent_id, not by path prefix, so a path that went wrong cannot spread further.
 */
import { childPath, levelOf } from '@canopy/core';
import { sql } from 'kysely';
import type { Db } from '../db/index';

/** How many templates sit directly under a parent. */
export async function countChildren(db: Db, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The order a new child gets: sibling count + 1 (§3). Should a script have left a gap, it goes
 * after the last sibling instead, so two siblings never share an order (and a path).
 */
export async function nextChildOrder(db: Db, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('template_order').as('last'),
    ])
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Math.max(Number(row.count), Number(row.last ?? 0)) + 1;
}

/** The ids of every template below `templateId` (not itself). */
export async function descendantIds(db: Db, templateId: string): Promise<string[]> {
  const { rows } = await sql<{ template_id: string }>`
    WITH RECURSIVE below(template_id) AS (
      SELECT template_id FROM templates WHERE parent_id = ${templateId}
      UNION ALL
      SELECT t.template_id FROM templates AS t JOIN below ON t.parent_id = below.template_id
    )
    SELECT template_id FROM below`.execute(db);
  return rows.map((row) => row.template_id);
}

/**
 * Puts a template at `order` under a parent whose path is `parentPath`, and rewrites the path and
 * level of the template and of its whole subtree to match.
 */
export async function placeSubtree(
  db: Db,
  templateId: string,
  parentId: string | null,
  parentPath: string | null,
  order: number,
): Promise<void> {
  const path = childPath(parentPath, order);
  await db
    .updateTable('templates')
    .set({ parent_id: parentId, template_order: order, path, lvl: levelOf(path) })
    .where('template_id', '=', templateId)
    .execute();
  const below = await descendantIds(db, templateId);
  if (below.length === 0) return;
  const rows = await db
    .selectFrom('templates')
    .select(['template_id', 'parent_id', 'template_order', 'path'])
    .where('template_id', 'in', below)
    .execute();
  const children = new Map<string, typeof rows>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id!) ?? [];
    siblings.push(row);
    children.set(row.parent_id!, siblings);
  }
  const queue: Array<{ id: string; path: string }> = [{ id: templateId, path }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const child of children.get(next.id) ?? []) {
      const childAt = childPath(next.path, child.template_order);
      if (childAt !== child.path) {
        await db
          .updateTable('templates')
          .set({ path: childAt, lvl: levelOf(childAt) })
          .where('template_id', '=', child.template_id)
          .execute();
      }
      queue.push({ id: child.template_id, path: childAt });
    }
  }
}

/** Closes the gap a removed child left: later siblings move up one place, with their subtrees. */
export async function closeGap(db: Db, parentId: string, removedOrder: number): Promise<void> {
  const parent = await db
    .selectFrom('templates')
    .select('path')
    .where('template_id', '=', parentId)
    .executeTakeFirst();
  if (!parent) return;
  const later = await db
    .selectFrom('templates')
    .select(['template_id', 'template_order'])
    .where('parent_id', '=', parentId)
    .where('template_order', '>', removedOrder)
    .orderBy('template_order')
    .execute();
  for (const sibling of later) {
    await placeSubtree(db, sibling.template_id, parentId, parent.path, sibling.template_order - 1);
  }
}
