/**
 * The navigation menu tree (§2, §3 Menu item): content items and templates, each with the caller's
 * permissions, containing only what the caller may read (see forest.ts).
 *
 * The whole tree can hold 100,000 items, so it is built as text: the database writes each row's
 * JSON, and the tree is assembled from those strings, never materialised as objects. A subtree
 * (get-menu-subtree.ts) is small and is built from objects.
 */
import type { Flag, MenuItem, Permission } from '@canopy/core';
import { sql } from 'kysely';
import type { ReadCache, Segments } from '../../cache/read-cache';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { jsonObject } from '../../db/json';
import { assembleForest, type ForestNode, type ForestRow } from './forest';

export type MenuRow = Omit<MenuItem, 'permissions' | 'children'>;

/**
 * The menu tree as JSON (UTF-8 bytes), from the read cache when it has it. The tree depends only on
 * the caller's roles, so callers with the same roles share one entry. A lock or unlock marks the
 * item stale in the cached trees; the next reader reads the lock state of the stale items only
 * and patches their bytes.
 */
export async function getMenusJson(db: Db, cache: ReadCache, actor: Actor): Promise<Buffer> {
  const key = `menu:${actor.isAdmin ? 'admin' : [...actor.roleIds].sort().join(',')}`;
  const cached = cache.getPatchable(key);
  if (cached && cached.stale.length === 0) return cached.body;
  // Many items locked since the last read: rebuilding costs less than patching them all.
  if (cached && cached.stale.length <= MAX_PATCHED) {
    const readAt = cache.generation();
    const locks = await db
      .selectFrom('content_items')
      .select(['content_id', 'locked_by'])
      .where('content_id', 'in', cached.stale)
      .execute();
    if (locks.length === cached.stale.length) {
      const patched = cache.patch(
        key,
        new Map(locks.map((row) => [row.content_id, lockJson(row.locked_by)])),
        readAt,
      );
      if (patched) return patched;
    }
  }
  const readAt = cache.generation();
  const rows = await menuRows(db);
  const forest = await assembleForest(db, actor, rows);
  const { body, segments } = renderForest(forest);
  cache.set(key, body, { readAt, segments });
  return body;
}

/** Lock changes a reader patches into a cached tree; more and it rebuilds the tree. */
const MAX_PATCHED = 1000;

/** The lock fields of a content item's menu JSON. */
function lockJson(lockedBy: string | null): string {
  return lockedBy === null
    ? '"is_locked":0,"locked_by":null'
    : `"is_locked":1,"locked_by":${JSON.stringify(lockedBy)}`;
}
const TEMPLATE_LOCK = lockJson(null);

/**
 * The forest as JSON bytes, written once into one buffer (no list of pieces, no joined string),
 * with where each content item's lock fields are.
 */
function renderForest(forest: ForestNode<JsonRow>[]): { body: Buffer; segments: Segments } {
  let count = 0;
  let chars = 2;
  const measure = (node: ForestNode<JsonRow>) => {
    count++;
    // its JSON, the lock fields, permissions and the punctuation around them (about 110 bytes)
    chars += node.row.head.length + node.row.tail.length + 160;
    for (const child of node.children) measure(child);
  };
  for (const node of forest) measure(node);
  const out = new ByteWriter(chars);
  const ids = new Map<string, number>();
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  let segment = 0;
  const permissionsJson = new Map<Permission[], string>();
  const render = (node: ForestNode<JsonRow>, first: boolean) => {
    let permissions = permissionsJson.get(node.permissions);
    if (permissions === undefined) {
      permissionsJson.set(node.permissions, (permissions = JSON.stringify(node.permissions)));
    }
    const { row } = node;
    // the row's fields up to its lock state, the lock state, the rest, permissions and children
    if (!first) out.write(',');
    out.write(row.head.slice(0, -1));
    out.write(',');
    const at = out.length;
    out.write(row.item_type === 'content' ? lockJson(row.locked_by) : TEMPLATE_LOCK);
    if (row.item_type === 'content') {
      ids.set(row.id, segment);
      starts[segment] = at;
      lengths[segment] = out.length - at;
      segment++;
    }
    out.write(',');
    out.write(row.tail.slice(1, -1));
    out.write(',"permissions":');
    out.write(permissions);
    out.write(',"children":[');
    node.children.forEach((child, i) => render(child, i === 0));
    out.write(']}');
  };
  out.write('[');
  forest.forEach((node, i) => render(node, i === 0));
  out.write(']');
  return {
    body: out.done(),
    segments: { ids, starts: starts.subarray(0, segment), lengths: lengths.subarray(0, segment) },
  };
}

/** UTF-8 text appended to one buffer that grows when a guess of its size was short. */
class ByteWriter {
  private buffer: Buffer;
  length = 0;

  constructor(guess: number) {
    this.buffer = Buffer.allocUnsafe(guess);
  }

  write(text: string): void {
    if (this.length + text.length * 3 > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(
        Math.max(this.buffer.length * 2, this.length + text.length * 3),
      );
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    this.length += this.buffer.write(text, this.length);
  }

  /** The bytes written, in a buffer of their size. */
  done(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
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
  /** The fields before the lock state and those after it, each as a JSON object's text. */
  head: string;
  tail: string;
  locked_by: string | null;
}

/**
 * Each item's menu fields as JSON texts, in §3's order, in one query: content items, then
 * templates, each tree parents first.
 */
async function menuRows(db: Db): Promise<JsonRow[]> {
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
