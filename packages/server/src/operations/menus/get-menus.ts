/**
 * The navigation menu tree (§2, §3 Menu item): content items and templates, each with the caller's
 * permissions, containing only what the caller may read (see forest.ts).
 *
 * The whole tree can hold 100,000 items, so it is built as text: the database writes each row's
 * JSON, and the tree is assembled from those strings, never materialised as objects. A subtree
 * (get-menu-subtree.ts) is small and is built from objects.
 */
import type { MenuItem, Permission } from '@canopy/core';
import type { PatchableEntry, ReadCache } from '../../cache/read-cache';
import {
  ByteWriter,
  CHILDREN,
  type MenuEdit,
  type MenuIndex,
  freshMemory,
  type NewMenuItem,
} from '../../cache/menu-body';
import { lend } from '../../cache/lent-bytes';
import type { Actor } from '../../auth/actor';
import { permissionsEverywhere } from '../../access/permissions';
import type { Db } from '../../db/index';
import { subtreeIds } from '../../repositories/content-tree';
import { menuBlock, orderShared, type MenuBlockRow, type MenuRow } from '../../repositories/menus';
import { assembleForest, type ForestNode, type ForestRow } from './forest';

/**
 * The menu tree as JSON (UTF-8 bytes), from the read cache when it has it. The tree depends only on
 * the caller's roles, so callers with the same roles share one entry. A change of some items' rows
 * (a lock, a rename, a move, an item added or deleted) marks them stale in the cached trees; the
 * next reader reads those items only and edits the cached bytes (menuEdit), or builds the tree
 * afresh when the change reaches items that were not read.
 *
 * The bytes are lent until `release` is called (when the reply is sent): until then, no later
 * body of the tree is written into their memory (cache/lent-bytes.ts).
 */
export async function getMenusJson(
  db: Db,
  cache: ReadCache,
  actor: Actor,
): Promise<{ body: Buffer; release: () => void }> {
  const lent = (body: Buffer) => ({ body, release: lend(body) });
  const key = `menu:${actor.isAdmin ? 'admin' : [...actor.roleIds].sort().join(',')}`;
  const cached = cache.getPatchable(key);
  if (cached && cached.stale.length === 0) return lent(cached.body);
  // Many items changed since the last read: rebuilding costs less than patching them all.
  if (cached && cached.stale.length <= MAX_PATCHED) {
    const readAt = cache.generation();
    const edit = await menuEdit(db, actor, cached);
    const patched = edit && cache.patch(key, edit, readAt);
    if (patched) return lent(patched);
  }
  cache.miss(key);
  const readAt = cache.generation();
  const block = await menuBlock(db);
  const forest = await assembleForest(db, actor, block.rows);
  const { body, index } = renderForest(forest, block.json);
  cache.set(key, body, { readAt, index });
  return lent(body);
}

/** Changed items a reader patches into a cached tree; more and it rebuilds the tree. */
const MAX_PATCHED = 1000;

/** What a cached item's own fields say of its place in the tree and of its permissions. */
type Placed = Pick<
  MenuItem,
  'content_name' | 'content_order' | 'parent_id' | 'path' | 'permissions'
>;

/**
 * How the stale items change the cached tree, read from their rows as they are now, or undefined
 * when the tree must be built again.
 *
 * An item that keeps its place (parent, order, path, and its name unless a sibling shares its
 * order) gets its own fields written again with the permissions it had: they come from its place
 * and the roles' settings, and a change of those settings is no change of items.
 *
 * Any other stale item (moved, added, deleted, with new permission settings, or one the cached
 * tree does not show) is taken out with its subtree and put in again where it now belongs, with
 * its permissions worked out afresh (a move changes what an item inherits). That is only right
 * when its whole subtree is among the stale items, read here: otherwise the tree is built again.
 * So is a deleted item the tree does not show to a caller who cannot read everything (its
 * readable descendants may hang elsewhere), and one whose nearest readable ancestor the tree
 * does not show (cache/menu-body.ts refuses the edit).
 */
async function menuEdit(
  db: Db,
  actor: Actor,
  cached: PatchableEntry,
): Promise<MenuEdit | undefined> {
  const stale = new Set(cached.stale);
  const settings = new Set(cached.settings);
  const block = await menuBlock(db, cached.stale);
  const rows = new Map(block.rows.map((row) => [row.id, row]));
  const edit: MenuEdit = { replace: new Map(), remove: new Set(), insert: [] };
  const placed: MenuBlockRow[] = [];
  for (const id of cached.stale) {
    const row = rows.get(id);
    const old = cached.segments.get(id);
    if (!row) {
      if (!old && !permissionsEverywhere(actor)) return undefined;
      edit.remove.add(id);
      continue;
    }
    const was = old && (JSON.parse(`${old.toString()}}`) as Placed);
    if (
      was &&
      !settings.has(id) &&
      was.parent_id === row.parent_id &&
      was.content_order === row.order &&
      was.path === row.path &&
      (was.content_name === row.name || !(await orderShared(db, row.parent_id, row.order)))
    ) {
      edit.replace.set(id, itemBytes(row, block.json, JSON.stringify(was.permissions)));
    } else {
      placed.push(row);
    }
  }
  if (placed.length === 0) return edit;

  // Their subtrees, all of which must be stale (a move changes every descendant's path).
  const under = await subtreeIds(
    db,
    placed.map((row) => row.id),
    stale.size,
  );
  if (under.some((id) => !stale.has(id) || !rows.has(id))) return undefined;
  const moving = new Set([...placed.map((row) => row.id), ...under]);
  for (const id of moving) {
    edit.replace.delete(id);
    edit.remove.add(id);
  }
  const movingRows = block.rows.filter((row) => moving.has(row.id));
  const forest = await assembleForest(db, actor, movingRows);
  const toItem = (node: ForestNode<MenuBlockRow>): NewMenuItem => ({
    id: node.row.id,
    order: node.row.order,
    name: node.row.name,
    segment: itemBytes(node.row, block.json, JSON.stringify(node.permissions)),
    children: node.children.map(toItem),
  });
  for (const node of forest) {
    // Its nearest ancestor outside what moves: readable (the tree shows it) or the edit fails.
    let anchor = node.row.parent_id;
    while (anchor !== null && moving.has(anchor)) anchor = rows.get(anchor)!.parent_id;
    edit.insert.push({ anchor, item: toItem(node) });
  }
  return edit;
}

/** An item's own fields, as a cached tree holds them. */
function itemBytes(row: MenuBlockRow, json: Buffer, permissions: string): Buffer {
  const out = new ByteWriter(row.end - row.head + 160);
  writeItem(out, row, json, permissions);
  return out.done();
}

/** The lock fields of a content item's menu JSON. */
function lockJson(lockedBy: string | null): string {
  return lockedBy === null
    ? '"is_locked":0,"locked_by":null'
    : `"is_locked":1,"locked_by":${JSON.stringify(lockedBy)}`;
}
const TEMPLATE_LOCK = lockJson(null);
const PERMISSIONS = ',"permissions":';

/**
 * An item's own fields (all but its children, an object left open): those before the lock state
 * and those after it copied from the block's bytes, the lock state and its permissions.
 */
function writeItem(out: ByteWriter, row: MenuBlockRow, json: Buffer, permissions: string): void {
  out.copy(json, row.head, row.middle - 1);
  out.write(',');
  out.write(row.item_type === 'content' ? lockJson(row.locked_by) : TEMPLATE_LOCK);
  out.write(',');
  out.copy(json, row.middle + 2, row.end - 1);
  out.write(PERMISSIONS);
  out.write(permissions);
}

/**
 * The forest as JSON bytes, written once into one buffer (each item's fields copied from the
 * block's bytes, no string made of them), with the index of where each content item is.
 */
function renderForest(
  forest: ForestNode<MenuBlockRow>[],
  json: Buffer,
): { body: Buffer; index: MenuIndex } {
  const permissionsJson = new Map<Permission[], string>();
  const permissionsOf = (node: ForestNode<MenuBlockRow>) => {
    let permissions = permissionsJson.get(node.permissions);
    if (permissions === undefined) {
      permissionsJson.set(node.permissions, (permissions = JSON.stringify(node.permissions)));
    }
    return permissions;
  };
  // The exact size, so that the body is written once, in a buffer of its size (a 57 MB copy less).
  let count = 0;
  let bytes = 2 + Math.max(forest.length - 1, 0);
  const measure = (node: ForestNode<MenuBlockRow>) => {
    count++;
    const { row } = node;
    const lock = row.item_type === 'content' ? lockJson(row.locked_by) : TEMPLATE_LOCK;
    // writeItem's bytes (the block's fields without their braces and separator, two commas, the
    // lock and permissions), the children's brackets, and the commas between the children
    bytes += row.end - row.head - 2 + Buffer.byteLength(lock) + PERMISSIONS.length;
    bytes +=
      permissionsOf(node).length + CHILDREN.length + 2 + Math.max(node.children.length - 1, 0);
    for (const child of node.children) measure(child);
  };
  for (const node of forest) measure(node);
  // With room to grow: a later patch then writes over it in place.
  const out = new ByteWriter(bytes, freshMemory);
  const ids = new Map<string, number>();
  const idAt: string[] = [];
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  const ends = new Int32Array(count);
  const sizes = new Int32Array(count);
  const parents = new Int32Array(count);
  let contentEnd = 1;
  const render = (node: ForestNode<MenuBlockRow>, first: boolean, parent: number) => {
    const permissions = permissionsOf(node);
    const { row } = node;
    if (!first) out.write(',');
    const at = out.length;
    writeItem(out, row, json, permissions);
    // Templates are not indexed: they come after every content item, and no change edits them.
    const slot = row.item_type === 'content' ? idAt.length : -1;
    if (slot >= 0) {
      ids.set(row.id, slot);
      idAt.push(row.id);
      starts[slot] = at;
      lengths[slot] = out.length - at;
      parents[slot] = parent;
    }
    out.write(CHILDREN);
    node.children.forEach((child, i) => render(child, i === 0, slot));
    out.write(']}');
    if (slot >= 0) {
      ends[slot] = out.length;
      sizes[slot] = idAt.length - slot;
      if (parent < 0) contentEnd = out.length;
    }
  };
  out.write('[');
  forest.forEach((node, i) => render(node, i === 0, -1));
  out.write(']');
  const slots = idAt.length;
  return {
    body: out.done(),
    index: {
      ids,
      idAt,
      starts: starts.subarray(0, slots),
      lengths: lengths.subarray(0, slots),
      ends: ends.subarray(0, slots),
      sizes: sizes.subarray(0, slots),
      parents: parents.subarray(0, slots),
      contentEnd,
    },
  };
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
