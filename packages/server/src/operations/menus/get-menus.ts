/**
 * The navigation menu tree (§2, §3 Menu item): content items and templates, each with the caller's
 * permissions, containing only what the caller may read (see forest.ts).
 *
 * The whole tree can hold 100,000 items, so it is built as text: the database writes each row's
 * JSON, and the tree is assembled from those strings, never materialised as objects. A subtree
 * (get-menu-subtree.ts) is small and is built from objects.
 */
import type { MenuItem, Permission } from '@canopy/core';
import type { PatchableEntry, ReadCache, Segments } from '../../cache/read-cache';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { menuBlock, orderShared, type MenuBlockRow, type MenuRow } from '../../repositories/menus';
import { assembleForest, type ForestNode, type ForestRow } from './forest';

/**
 * The menu tree as JSON (UTF-8 bytes), from the read cache when it has it. The tree depends only on
 * the caller's roles, so callers with the same roles share one entry. A change of some items' rows
 * (a lock, a rename, a new Page URL) marks them stale in the cached trees; the next reader reads
 * those items only and patches their bytes, unless one of them moved in the tree.
 */
export async function getMenusJson(db: Db, cache: ReadCache, actor: Actor): Promise<Buffer> {
  const key = `menu:${actor.isAdmin ? 'admin' : [...actor.roleIds].sort().join(',')}`;
  const cached = cache.getPatchable(key);
  if (cached && cached.stale.length === 0) return cached.body;
  // Many items changed since the last read: rebuilding costs less than patching them all.
  if (cached && cached.stale.length <= MAX_PATCHED) {
    const readAt = cache.generation();
    const replacements = await freshSegments(db, cached);
    const patched = replacements && cache.patch(key, replacements, readAt);
    if (patched) return patched;
  }
  cache.miss(key);
  const readAt = cache.generation();
  const block = await menuBlock(db);
  const forest = await assembleForest(db, actor, block.rows);
  const { body, segments } = renderForest(forest, block.json);
  cache.set(key, body, { readAt, segments });
  return body;
}

/** Changed items a reader patches into a cached tree; more and it rebuilds the tree. */
const MAX_PATCHED = 1000;

/** What a cached item's segment says of its place in the tree and of its permissions. */
type Placed = Pick<
  MenuItem,
  'content_name' | 'content_order' | 'parent_id' | 'path' | 'permissions'
>;

/**
 * The stale items' segments as they are now, or undefined when one of them is gone or takes
 * another place in the tree (a new parent, order or path, or a new name among siblings of the
 * same order): then the tree is built again. An item keeps its permissions, which come from its
 * place and the roles' settings (a change of those is no change of items).
 */
async function freshSegments(
  db: Db,
  cached: PatchableEntry,
): Promise<Map<string, Buffer> | undefined> {
  const block = await menuBlock(db, cached.stale);
  const rows = new Map(block.rows.map((row) => [row.id, row]));
  const replacements = new Map<string, Buffer>();
  for (const id of cached.stale) {
    const row = rows.get(id);
    const old = cached.segment(id);
    if (!row || !old) return undefined;
    const was = JSON.parse(`${old.toString()}}`) as Placed;
    if (
      was.parent_id !== row.parent_id ||
      was.content_order !== row.order ||
      was.path !== row.path
    ) {
      return undefined;
    }
    if (was.content_name !== row.name && (await orderShared(db, row.parent_id, row.order))) {
      return undefined;
    }
    const out = new ByteWriter(row.end - row.head + 160);
    writeItem(out, row, block.json, JSON.stringify(was.permissions));
    replacements.set(id, out.done());
  }
  return replacements;
}

/** The lock fields of a content item's menu JSON. */
function lockJson(lockedBy: string | null): string {
  return lockedBy === null
    ? '"is_locked":0,"locked_by":null'
    : `"is_locked":1,"locked_by":${JSON.stringify(lockedBy)}`;
}
const TEMPLATE_LOCK = lockJson(null);
const PERMISSIONS = ',"permissions":';
const CHILDREN = ',"children":[';

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
 * block's bytes, no string made of them), with where each content item's own fields are.
 */
function renderForest(
  forest: ForestNode<MenuBlockRow>[],
  json: Buffer,
): { body: Buffer; segments: Segments } {
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
  const out = new ByteWriter(bytes);
  const ids = new Map<string, number>();
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  let segment = 0;
  const render = (node: ForestNode<MenuBlockRow>, first: boolean) => {
    const permissions = permissionsOf(node);
    const { row } = node;
    if (!first) out.write(',');
    const at = out.length;
    writeItem(out, row, json, permissions);
    if (row.item_type === 'content') {
      ids.set(row.id, segment);
      starts[segment] = at;
      lengths[segment] = out.length - at;
      segment++;
    }
    out.write(CHILDREN);
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

/** UTF-8 text and bytes appended to one buffer that grows when a guess of its size was short. */
class ByteWriter {
  private buffer: Buffer;
  length = 0;

  constructor(guess: number) {
    this.buffer = Buffer.allocUnsafe(guess);
  }

  write(text: string): void {
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length);
  }

  /** Bytes `start` to `end` of `source`, as they are. */
  copy(source: Buffer, start: number, end: number): void {
    this.room(end - start);
    this.length += source.copy(this.buffer, this.length, start, end);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  /** The bytes written, in a buffer of their size (copied only if the guess was too large). */
  done(): Buffer {
    if (this.length === this.buffer.length) return this.buffer;
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
