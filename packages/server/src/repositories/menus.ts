/**
 * The rows of the navigation menu (§3 Menu item): the whole tree's as JSON texts the database
 * writes (it can hold 100,000 items), a subtree's as objects.
 */
import type { Flag, MenuItem } from '@canopy/core';
import { sql, type Expression } from 'kysely';
import type { Database, Db } from '../db/index';
import { fields, joinedRecords, jsonObject, RECORD_SEPARATOR, UNIT_SEPARATOR } from '../db/json';
import type { Writes } from '../db/write-watch';

/**
 * The tables no menu tree reads (it reads content items, templates and, for a role's permissions,
 * role_permissions): a request whose writes touched only these leaves the cached trees as they
 * are (plugins/context.ts), so an editor's save of fields and blocks does not cost the next
 * reader a rebuild of a 100,000-item tree. Listed as the tables outside the tree rather than
 * those in it: a table added later counts as one a tree may read until it is listed here.
 * A tree is kept per set of roles, so who holds a role (user_roles) is outside it too.
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
  'user_roles',
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

/**
 * Tables a tree does not read, but whose deletes cascade to one it does: a role taken away takes
 * its permission settings along.
 */
const OUTSIDE_MENUS_BUT_DELETES: ReadonlySet<string> = new Set<keyof Database>(['roles']);

/** Content items whose rows a request may change one by one and still have them patched. */
const MAX_ITEMS_CHANGED = 100;

/** Content items a request changed: their rows, and the permission settings on them. */
export interface ItemsChanged {
  items: string[];
  settings: string[];
}

/**
 * What a request's writes (db/write-watch.ts) changed of the menu trees: nothing they show
 * ('none'); only rows of content items and permission settings on items it named by id (those
 * ids: the cached trees are edited, or built again if the change reaches further); or anything
 * ('tree').
 */
export function menuImpact(writes: Writes): 'none' | 'tree' | ItemsChanged {
  let named = false;
  for (const table of writes.tables) {
    if (table === 'content_items' || table === 'role_permissions') named = true;
    else if (OUTSIDE_MENUS_BUT_DELETES.has(table)) {
      if (writes.deletes.has(table)) return 'tree';
    } else if (!OUTSIDE_MENUS.has(table)) return 'tree';
  }
  if (!named) return 'none';
  const items = writes.rowsOf('content_items');
  const settings = writes.rowsOf('role_permissions');
  if (!items || !settings || new Set([...items, ...settings]).size > MAX_ITEMS_CHANGED) {
    return 'tree';
  }
  return { items: [...items], settings: [...settings] };
}

/** A menu item's fields in the reply's shape, without its permissions and children. */
export type MenuRow = Omit<MenuItem, 'permissions' | 'children'>;

/**
 * A menu item's place in its tree and its lock, and where its fields' JSON is in the block's
 * bytes: `json[head, middle)` is an object's text of the fields before the lock state, and
 * `json[middle + 1, end)` one of those after it.
 */
export interface MenuBlockRow {
  id: string;
  parent_id: string | null;
  order: number;
  name: string;
  item_type: 'content' | 'template';
  locked_by: string | null;
  /** Two-digit order segments joined by '/' (§3), parents' paths first in their children's. */
  path: string;
  head: number;
  middle: number;
  end: number;
}

/** Every item of the menus, and the UTF-8 bytes of their fields' JSON. */
export interface MenuBlock {
  rows: MenuBlockRow[];
  json: Buffer;
}

/** A menu item's fields (§3), each from a column or an expression of its table. */
type MenuSource = Record<Exclude<keyof MenuRow, 'item_type' | 'is_locked'>, Expression<unknown>>;

/** The fields before the lock state, and those after it, in §3's order. */
const HEAD_FIELDS = [
  'content_id',
  'content_name',
  'content_order',
  'content_type_id',
  'template_type_id',
  'template_id',
] as const;
const TAIL_FIELDS = [
  'lvl',
  'parent_id',
  'path',
  'custom_icon',
  'media_url',
  'page_url',
  'allowed_content_type',
  'allowed_template_type',
] as const;

/** An item's two columns of `menuBlock`: its shape and its fields' JSON (without the lock). */
function menuColumns(db: Db, type: 'content' | 'template', item: MenuSource) {
  const json = (entries: [string, Expression<unknown>][]) => ({ value: jsonObject(db, entries) });
  return [
    fields(db, [
      { value: item.content_id },
      { value: item.parent_id },
      { value: item.content_order },
      { value: item.content_name, as: 'text' },
      { value: sql.lit(type === 'content' ? 'c' : 't') },
      { value: item.locked_by, as: 'hex' },
      { value: item.path },
    ]).as('shape'),
    fields(db, [
      json([
        ...HEAD_FIELDS.map((name): [string, Expression<unknown>] => [name, item[name]]),
        ['item_type', sql.lit(type)],
        ['is_active', item.is_active],
      ]),
      json(TAIL_FIELDS.map((name): [string, Expression<unknown>] => [name, item[name]])),
    ]).as('json'),
  ];
}

/**
 * Each item's menu fields as JSON, in §3's order, in one query: content items, then templates,
 * each tree parents first. The database joins all rows into two values, the rows' shape (id,
 * parent, order, name, type, lock holder, path) and their JSON (as bytes where it can): handing
 * 100,000 rows to JavaScript value by value was most of a rebuild's time (300 to 560 ms for ten
 * plain columns a row on the bench machine, where the join and the sort took 10 ms).
 * With `contentIds`, only those content items (to patch them into a cached tree).
 */
export async function menuBlock(db: Db, contentIds?: string[]): Promise<MenuBlock> {
  const templates = db.selectFrom('templates as t').select(
    menuColumns(db, 'template', {
      content_id: sql.ref('t.template_id'),
      content_name: sql.ref('t.template_name'),
      content_order: sql.ref('t.template_order'),
      content_type_id: sql`NULL`,
      template_type_id: sql.ref('t.template_type_id'),
      template_id: sql.ref('t.template_id'),
      is_active: sql.ref('t.is_active'),
      locked_by: sql`NULL`,
      lvl: sql.ref('t.lvl'),
      parent_id: sql.ref('t.parent_id'),
      path: sql.ref('t.path'),
      custom_icon: sql.ref('t.custom_icon_class'),
      media_url: sql`NULL`,
      page_url: sql`NULL`,
      allowed_content_type: sql.ref('t.allowed_content_type'),
      allowed_template_type: sql.ref('t.allowed_template_type'),
    }),
  );
  let contents = db
    .selectFrom('content_items as c')
    .leftJoin('templates as t', 't.template_id', 'c.template_id')
    .select(
      menuColumns(db, 'content', {
        content_id: sql.ref('c.content_id'),
        content_name: sql.ref('c.content_name'),
        content_order: sql.ref('c.content_order'),
        content_type_id: sql.ref('c.content_type_id'),
        template_type_id: sql.ref('t.template_type_id'),
        template_id: sql.ref('c.template_id'),
        is_active: sql.ref('c.is_active'),
        locked_by: sql.ref('c.locked_by'),
        lvl: sql.ref('c.lvl'),
        parent_id: sql.ref('c.parent_id'),
        path: sql.ref('c.path'),
        custom_icon: sql.ref('c.custom_icon'),
        media_url: sql.ref('c.media_url'),
        page_url: sql.ref('c.page_url'),
        allowed_content_type: sql.ref('c.allowed_content_type'),
        allowed_template_type: sql.ref('c.allowed_template_type'),
      }),
    );
  if (contentIds) contents = contents.where('c.content_id', 'in', contentIds);
  const joined = await db
    .selectFrom((contentIds ? contents : contents.unionAll(templates)).as('m'))
    .select([
      joinedRecords(db, sql.ref('m.shape'), { bytes: false }).as('shape'),
      joinedRecords(db, sql.ref('m.json'), { bytes: true }).as('json'),
    ])
    .executeTakeFirstOrThrow();
  return readBlock(joined.shape, joined.json);
}

/**
 * The rows of a block from its two joined values (see `menuBlock`), content items then templates,
 * each tree parents first (by path: a parent's path is the start of its children's). The database
 * joins the rows in whatever order it reads them, the same in both values; sorting them here
 * costs less than having it sort 57 MB of JSON.
 */
function readBlock(shape: string | null, json: string | Uint8Array | null): MenuBlock {
  const bytes =
    json === null
      ? Buffer.alloc(0)
      : typeof json === 'string'
        ? Buffer.from(json)
        : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  const rows: MenuBlockRow[] = [];
  if (shape === null || bytes.length === 0) return { rows, json: bytes };
  const unit = String.fromCharCode(UNIT_SEPARATOR);
  let at = 0;
  for (const record of shape.split(String.fromCharCode(RECORD_SEPARATOR))) {
    const [id, parent, order, name, type, lockedBy, path] = record.split(unit) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const middle = bytes.indexOf(UNIT_SEPARATOR, at);
    let end = bytes.indexOf(RECORD_SEPARATOR, middle);
    if (end < 0) end = bytes.length;
    rows.push({
      id,
      parent_id: parent === '' ? null : parent,
      order: Number(order),
      name,
      item_type: type === 'c' ? 'content' : 'template',
      locked_by: lockedBy === '' ? null : Buffer.from(lockedBy, 'hex').toString(),
      head: at,
      middle,
      end,
      path,
    });
    at = end + 1;
  }
  rows.sort((a, b) =>
    a.item_type !== b.item_type
      ? a.item_type === 'content'
        ? -1
        : 1
      : a.path < b.path
        ? -1
        : a.path > b.path
          ? 1
          : 0,
  );
  return { rows, json: bytes };
}

/**
 * Whether another child of `parentId` has the order `order`: its children with one order go by
 * name, so a rename may move an item among them.
 */
export async function orderShared(
  db: Db,
  parentId: string | null,
  order: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where('content_order', '=', order)
    .executeTakeFirstOrThrow();
  return Number(row.n) > 1;
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
