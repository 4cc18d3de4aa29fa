/**
 * The rows of the navigation menu (§3 Menu item): the whole tree's as JSON texts the database
 * writes (it can hold 100,000 items), a subtree's as objects.
 */
import type { Flag, MenuItem } from '@canopy/core';
import { sql } from 'kysely';
import type { Database, Db } from '../db/index';
import { jsonObject } from '../db/json';

/**
 * The tables no menu tree reads (it reads content items, templates and, for a role's permissions,
 * role_permissions): a request whose writes touched only these leaves the cached trees as they
 * are (plugins/context.ts), so an editor's save of fields and blocks does not cost the next
 * reader a rebuild of a 100,000-item tree. Listed as the tables outside the tree rather than
 * those in it: a table added later counts as one a tree may read until it is listed here.
 */
const OUTSIDE_MENUS: ReadonlySet<string> = new Set<keyof Database>([
  'content_versions',
  'content_fields',
  'dynamic_regions',
  'content_blocks',
  'block_fields',
  'version_documents',
  'template_blocks',
  'template_fields',
  'audit_log',
  'users',
  'external_identities',
  'oidc_payloads',
  'api_keys',
  'signing_keys',
  'microapps',
  'microapp_versions',
  'microapp_instances',
  'releases',
  'builds',
  'media_jobs',
]);

/** Whether writes to these tables (db/write-watch.ts) may have changed a menu tree. */
export function menusMayChange(written: ReadonlySet<string>): boolean {
  for (const table of written) if (!OUTSIDE_MENUS.has(table)) return true;
  return false;
}

/** A menu item's fields in the reply's shape, without its permissions and children. */
export type MenuRow = Omit<MenuItem, 'permissions' | 'children'>;

/** A menu item's place in its tree, and its fields as JSON texts. */
export interface MenuJsonRow {
  id: string;
  parent_id: string | null;
  order: number;
  name: string;
  item_type: 'content' | 'template';
  /** The fields before the lock state and those after it, each as a JSON object's text. */
  head: string;
  tail: string;
  locked_by: string | null;
}

/**
 * Each item's menu fields as JSON texts, in §3's order, in one query: content items, then
 * templates, each tree parents first.
 */
export async function menuRows(db: Db): Promise<MenuJsonRow[]> {
  const templates = db.selectFrom('templates as t').select([
    't.template_id as id',
    't.parent_id',
    't.template_order as order',
    't.template_name as name',
    sql<'content' | 'template'>`'template'`.as('item_type'),
    jsonObject(db, [
      ['content_id', sql.ref('t.template_id')],
      ['content_name', sql.ref('t.template_name')],
      ['content_order', sql.ref('t.template_order')],
      ['content_type_id', sql`NULL`],
      ['template_type_id', sql.ref('t.template_type_id')],
      ['template_id', sql.ref('t.template_id')],
      ['item_type', sql.lit('template')],
      ['is_active', sql.ref('t.is_active')],
    ]).as('head'),
    sql<string | null>`NULL`.as('locked_by'),
    jsonObject(db, [
      ['lvl', sql.ref('t.lvl')],
      ['parent_id', sql.ref('t.parent_id')],
      ['path', sql.ref('t.path')],
      ['custom_icon', sql.ref('t.custom_icon_class')],
      ['media_url', sql`NULL`],
      ['page_url', sql`NULL`],
      ['allowed_content_type', sql.ref('t.allowed_content_type')],
      ['allowed_template_type', sql.ref('t.allowed_template_type')],
    ]).as('tail'),
    sql<number>`1`.as('tree'),
    't.path',
  ]);
  return db
    .selectFrom('content_items as c')
    .leftJoin('templates as t', 't.template_id', 'c.template_id')
    .select([
      'c.content_id as id',
      'c.parent_id',
      'c.content_order as order',
      'c.content_name as name',
      sql<'content' | 'template'>`'content'`.as('item_type'),
      jsonObject(db, [
        ['content_id', sql.ref('c.content_id')],
        ['content_name', sql.ref('c.content_name')],
        ['content_order', sql.ref('c.content_order')],
        ['content_type_id', sql.ref('c.content_type_id')],
        ['template_type_id', sql.ref('t.template_type_id')],
        ['template_id', sql.ref('c.template_id')],
        ['item_type', sql.lit('content')],
        ['is_active', sql.ref('c.is_active')],
      ]).as('head'),
      'c.locked_by',
      jsonObject(db, [
        ['lvl', sql.ref('c.lvl')],
        ['parent_id', sql.ref('c.parent_id')],
        ['path', sql.ref('c.path')],
        ['custom_icon', sql.ref('c.custom_icon')],
        ['media_url', sql.ref('c.media_url')],
        ['page_url', sql.ref('c.page_url')],
        ['allowed_content_type', sql.ref('c.allowed_content_type')],
        ['allowed_template_type', sql.ref('c.allowed_template_type')],
      ]).as('tail'),
      sql<number>`0`.as('tree'),
      'c.path',
    ])
    .unionAll(templates)
    .orderBy('tree')
    .orderBy('path')
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
      sql<Flag>`CASE WHEN c.locked_by IS NULL THEN 0 ELSE 1 END`.as('is_locked'),
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
