/**
 * The navigation menu tree (§2, §3 Menu item): content items and templates, each with the caller's
 * permissions, containing only what the caller may read (see forest.ts).
 *
 * The whole tree can hold 100,000 items, so it is built as text: the database writes each row's
 * JSON, and the tree is assembled from those strings, never materialised as objects. A subtree
 * (get-menu-subtree.ts) is small and is built from objects.
 */
import type { MenuItem, Permission } from '@canopy/core';
import { sql } from 'kysely';
import type { ReadCache } from '../../cache/read-cache';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { jsonObject } from '../../db/json';
import { assembleForest, type ForestNode, type ForestRow } from './forest';

export type MenuRow = Omit<MenuItem, 'permissions' | 'children'>;

/**
 * The menu tree as JSON (UTF-8 bytes), from the read cache when it has it. The tree depends only on the
 * caller's roles, so callers with the same roles share one entry.
 */
export async function getMenusJson(db: Db, cache: ReadCache, actor: Actor): Promise<Buffer> {
  const key = `menu:${actor.isAdmin ? 'admin' : [...actor.roleIds].sort().join(',')}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const readAt = cache.generation();
  const rows = [...(await jsonRows(db, 'content_items')), ...(await jsonRows(db, 'templates'))];
  const forest = await assembleForest(db, actor, rows);
  // Pieces go into one list joined once: nesting joins would copy each byte once per level.
  const parts: string[] = ['['];
  const permissionsJson = new Map<Permission[], string>();
  const render = (node: ForestNode<JsonRow>, first: boolean) => {
    let permissions = permissionsJson.get(node.permissions);
    if (permissions === undefined) {
      permissionsJson.set(node.permissions, (permissions = JSON.stringify(node.permissions)));
    }
    // the row's own JSON without its closing brace, then its permissions and children
    parts.push(
      first ? '' : ',',
      node.row.json.slice(0, -1),
      ',"permissions":',
      permissions,
      ',"children":[',
    );
    node.children.forEach((child, i) => render(child, i === 0));
    parts.push(']}');
  };
  forest.forEach((node, i) => render(node, i === 0));
  parts.push(']');
  const body = parts.join('');
  return cache.set(key, body, { readAt });
}

/** A forest of menu objects from rows in the reply's shape (for a subtree). */
export async function buildForest(db: Db, actor: Actor, rows: MenuRow[]): Promise<MenuItem[]> {
  const forest = await assembleForest(
    db,
    actor,
    rows.map((row) => ({
      id: row.content_id,
      parent_id: row.parent_id,
      order: row.content_order,
      name: row.content_name,
      item_type: row.item_type,
      menu: row,
    })),
  );
  const toItem = (node: ForestNode<ForestRow & { menu: MenuRow }>): MenuItem => ({
    ...node.row.menu,
    permissions: node.permissions,
    children: node.children.map(toItem),
  });
  return forest.map(toItem);
}

interface JsonRow extends ForestRow {
  json: string;
}

/** Each item's menu fields as one JSON text, in §3's order, parents first. */
async function jsonRows(db: Db, table: 'content_items' | 'templates'): Promise<JsonRow[]> {
  if (table === 'templates') {
    return db
      .selectFrom('templates as t')
      .select([
        't.template_id as id',
        't.parent_id',
        't.template_order as order',
        't.template_name as name',
        sql<'template'>`'template'`.as('item_type'),
        jsonObject(db, [
          ['content_id', sql.ref('t.template_id')],
          ['content_name', sql.ref('t.template_name')],
          ['content_order', sql.ref('t.template_order')],
          ['content_type_id', sql`NULL`],
          ['template_type_id', sql.ref('t.template_type_id')],
          ['template_id', sql.ref('t.template_id')],
          ['item_type', sql.lit('template')],
          ['is_active', sql.ref('t.is_active')],
          ['is_locked', sql.lit(0)],
          ['locked_by', sql`NULL`],
          ['lvl', sql.ref('t.lvl')],
          ['parent_id', sql.ref('t.parent_id')],
          ['path', sql.ref('t.path')],
          ['custom_icon', sql.ref('t.custom_icon_class')],
          ['media_url', sql`NULL`],
          ['page_url', sql`NULL`],
          ['allowed_content_type', sql.ref('t.allowed_content_type')],
          ['allowed_template_type', sql.ref('t.allowed_template_type')],
        ]).as('json'),
      ])
      .orderBy('t.path')
      .execute();
  }
  return db
    .selectFrom('content_items as c')
    .leftJoin('templates as t', 't.template_id', 'c.template_id')
    .select([
      'c.content_id as id',
      'c.parent_id',
      'c.content_order as order',
      'c.content_name as name',
      sql<'content'>`'content'`.as('item_type'),
      jsonObject(db, [
        ['content_id', sql.ref('c.content_id')],
        ['content_name', sql.ref('c.content_name')],
        ['content_order', sql.ref('c.content_order')],
        ['content_type_id', sql.ref('c.content_type_id')],
        ['template_type_id', sql.ref('t.template_type_id')],
        ['template_id', sql.ref('c.template_id')],
        ['item_type', sql.lit('content')],
        ['is_active', sql.ref('c.is_active')],
        ['is_locked', sql`CASE WHEN c.locked_by IS NULL THEN 0 ELSE 1 END`],
        ['locked_by', sql.ref('c.locked_by')],
        ['lvl', sql.ref('c.lvl')],
        ['parent_id', sql.ref('c.parent_id')],
        ['path', sql.ref('c.path')],
        ['custom_icon', sql.ref('c.custom_icon')],
        ['media_url', sql.ref('c.media_url')],
        ['page_url', sql.ref('c.page_url')],
        ['allowed_content_type', sql.ref('c.allowed_content_type')],
        ['allowed_template_type', sql.ref('c.allowed_template_type')],
      ]).as('json'),
    ])
    .orderBy('c.path')
    .execute();
}

/** Content items as menu objects under (and including) the item at `subtreeOf.path`. */
export async function loadContentRows(
  db: Db,
  subtreeOf: { path: string; maxLvl?: number },
): Promise<MenuRow[]> {
  let query = db
    .selectFrom('content_items as c')
    .leftJoin('templates as t', 't.template_id', 'c.template_id')
    .select([
      'c.content_id',
      'c.content_name',
      'c.content_order',
      'c.content_type_id',
      't.template_type_id',
      'c.template_id',
      sql<'content'>`'content'`.as('item_type'),
      'c.is_active',
      sql<number>`CASE WHEN c.locked_by IS NULL THEN 0 ELSE 1 END`.as('is_locked'),
      'c.locked_by',
      'c.lvl',
      'c.parent_id',
      'c.path',
      'c.custom_icon',
      'c.media_url',
      'c.page_url',
      'c.allowed_content_type',
      'c.allowed_template_type',
    ])
    .where((eb) =>
      eb.or([eb('c.path', '=', subtreeOf.path), eb('c.path', 'like', `${subtreeOf.path}/%`)]),
    )
    .orderBy('c.path');
  if (subtreeOf.maxLvl !== undefined) query = query.where('c.lvl', '<=', subtreeOf.maxLvl);
  return query.execute();
}
