/**
 * The navigation menu tree (§2, §3 Menu item): content items and templates, each with the caller's
 * permissions, containing only what the caller may read. An unreadable item's readable descendants
 * hang from its nearest readable ancestor, so nothing readable is ever hidden.
 */
import type { MenuItem, Permission } from '@canopy/core';
import { sql } from 'kysely';
import type { ReadCache } from '../../cache/read-cache';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { permissionsForItems } from '../../access/permissions';

export type MenuRow = Omit<MenuItem, 'permissions' | 'children'>;
type Row = MenuRow;

export async function getMenus(db: Db, actor: Actor): Promise<MenuItem[]> {
  const [contentRows, templateRows] = await Promise.all([
    loadContentRows(db),
    loadTemplateRows(db),
  ]);
  return buildForest(db, actor, [...contentRows, ...templateRows]);
}

/**
 * The menu tree as JSON text, from the read cache when it has it. The tree depends only on the
 * caller's roles, so callers with the same roles share one entry.
 */
export async function getMenusJson(db: Db, cache: ReadCache, actor: Actor): Promise<string> {
  const key = `menu:${actor.isAdmin ? 'admin' : [...actor.roleIds].sort().join(',')}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const body = JSON.stringify(await getMenus(db, actor));
  cache.set(key, body);
  return body;
}

/**
 * Builds the filtered, permission-annotated forest from rows ordered parents-first. Every row's
 * permissions are computed in one walk (a subtree inherits from its root's ancestors), and that
 * same walk decides what is shown: the menu needs each item's permissions anyway, so a second
 * filter in SQL would only double the work.
 */
export async function buildForest(db: Db, actor: Actor, rows: Row[]): Promise<MenuItem[]> {
  const permissionsOf = await permissionsForItems(
    db,
    actor,
    rows.map((row) => ({ id: row.content_id, parent_id: row.parent_id })),
  );
  const shown = new Map<string, MenuItem>();
  /** For every item, the nearest readable item at or above it. */
  const anchor = new Map<string, MenuItem | null>();
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const permissions: Permission[] = permissionsOf.get(row.content_id) ?? [];
    const parentAnchor = row.parent_id ? (anchor.get(row.parent_id) ?? null) : null;
    if (!permissions.includes('Read')) {
      anchor.set(row.content_id, parentAnchor);
      continue;
    }
    const item = row as MenuItem;
    item.permissions = permissions;
    item.children = [];
    shown.set(row.content_id, item);
    anchor.set(row.content_id, item);
    if (parentAnchor) parentAnchor.children.push(item);
    else roots.push(item);
  }
  const byOrder = (a: MenuItem, b: MenuItem) =>
    a.content_order - b.content_order || a.content_name.localeCompare(b.content_name);
  for (const item of shown.values()) if (item.children.length > 1) item.children.sort(byOrder);
  roots.sort((a, b) =>
    a.item_type === b.item_type ? byOrder(a, b) : a.item_type === 'content' ? -1 : 1,
  );
  return roots;
}

/** Content items as menu rows, already in the reply's shape (no copying per row). */
export async function loadContentRows(
  db: Db,
  subtreeOf?: { path: string; maxLvl?: number },
): Promise<Row[]> {
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
    .orderBy('c.path');
  if (subtreeOf) {
    query = query.where((eb) =>
      eb.or([eb('c.path', '=', subtreeOf.path), eb('c.path', 'like', `${subtreeOf.path}/%`)]),
    );
    if (subtreeOf.maxLvl !== undefined) query = query.where('c.lvl', '<=', subtreeOf.maxLvl);
  }
  return query.execute();
}

async function loadTemplateRows(db: Db): Promise<Row[]> {
  const rows = await db
    .selectFrom('templates')
    .select([
      'template_id',
      'template_name',
      'template_order',
      'template_type_id',
      'is_active',
      'lvl',
      'parent_id',
      'path',
      'custom_icon_class',
      'allowed_content_type',
      'allowed_template_type',
    ])
    .orderBy('path')
    .execute();
  return rows.map((row) => ({
    content_id: row.template_id,
    content_name: row.template_name,
    content_order: row.template_order,
    content_type_id: null,
    template_type_id: row.template_type_id,
    template_id: row.template_id,
    item_type: 'template' as const,
    is_active: row.is_active,
    is_locked: 0,
    locked_by: null,
    lvl: row.lvl,
    parent_id: row.parent_id,
    path: row.path,
    custom_icon: row.custom_icon_class,
    media_url: null,
    page_url: null,
    allowed_content_type: row.allowed_content_type,
    allowed_template_type: row.allowed_template_type,
  }));
}
