/**
 * The bytes of a cached menu tree (a JSON array of items, each `{<own fields>,"children":[...]}`,
 * content items first at the top, then templates) and the index of where each content item is in
 * them, so that a change of some items edits the bytes instead of rebuilding 100,000 items: an
 * item's own fields are replaced in place, and a moved, added or deleted subtree is taken out and
 * put in among its new siblings. The index is kept in typed arrays, one slot per content item in
 * the order of the body (each item before its children), never as an object per item.
 */

/** Where each content item is in a menu body; slot `i` is the `i`-th content item of the body. */
export interface MenuIndex {
  /** Slot of each content item. */
  ids: Map<string, number>;
  /** Content item of each slot. */
  idAt: string[];
  /** Its own fields (an object left open): `starts[i]` to `starts[i] + lengths[i]`. */
  starts: Int32Array;
  lengths: Int32Array;
  /** The byte after its subtree's closing brace. */
  ends: Int32Array;
  /** The items in its subtree, itself included: its descendants are the slots up to `i + sizes[i]`. */
  sizes: Int32Array;
  /** Its parent's slot, -1 at the top. */
  parents: Int32Array;
  /** The byte after the last content item at the top (1 when there is none): templates follow. */
  contentEnd: number;
}

/** A subtree put into a menu body: an item's own fields and its children, in the body's order. */
export interface NewMenuItem {
  id: string;
  order: number;
  name: string;
  segment: Buffer;
  children: NewMenuItem[];
}

/** A change of a menu body, by content item. */
export interface MenuEdit {
  /** New own fields of items that keep their place. */
  replace: Map<string, Buffer>;
  /**
   * Items taken out with their subtrees where the body shows them (moved, deleted, or hidden from
   * the caller now). Every item in a subtree taken out must be listed: the edit says where each of
   * them goes, or that it goes.
   */
  remove: Set<string>;
  /** Subtrees put in under `anchor` (null: at the top), each among its siblings by order, then name. */
  insert: { anchor: string | null; item: NewMenuItem }[];
}

/**
 * Memory for a body of `size` bytes: a buffer at least that large, perhaps one an older body used
 * (see lent-bytes.ts); the body is written from its start.
 */
export type Memory = (size: number) => Buffer;

export const CHILDREN = ',"children":[';
const CLOSE = ']}';

/** `localeCompare` without building a collator per call, as the forest sorts children. */
const byName = new Intl.Collator().compare;

/** The items' order, then name: siblings' order in a body. */
export function bySiblingOrder(
  a: { order: number; name: string },
  b: { order: number; name: string },
): number {
  return a.order - b.order || byName(a.name, b.name);
}

/** Whether an edit moves, adds or takes out items (and not only replaces their own fields). */
export function reshapes(edit: MenuEdit): boolean {
  return edit.remove.size > 0 || edit.insert.length > 0;
}

/** The ids of the items an edit puts in. */
export function insertedIds(edit: MenuEdit): string[] {
  const ids: string[] = [];
  const walk = (item: NewMenuItem) => {
    ids.push(item.id);
    item.children.forEach(walk);
  };
  for (const { item } of edit.insert) walk(item);
  return ids;
}

/**
 * The body with only the own fields of slots `order` replaced (ascending slots, new bytes), one
 * copy of the bytes between them; the index is updated in place.
 */
export function replaceSegments(
  body: Buffer,
  index: MenuIndex,
  order: [slot: number, bytes: Buffer][],
  memory: Memory = (size) => Buffer.allocUnsafe(size),
): Buffer {
  const { starts, lengths, ends, sizes } = index;
  const pieces: Buffer[] = [];
  let from = 0;
  const growthUpTo: [slot: number, total: number][] = [];
  let total = 0;
  for (const [slot, bytes] of order) {
    pieces.push(body.subarray(from, starts[slot]), bytes);
    from = starts[slot]! + lengths[slot]!;
    total += bytes.length - lengths[slot]!;
    growthUpTo.push([slot, total]);
    lengths[slot] = bytes.length;
  }
  pieces.push(body.subarray(from));
  // A slot's start moves by the growth of the replaced slots before it; its end by the growth of
  // those up to its last descendant.
  const growthThrough = (slot: number) => {
    let low = 0;
    let high = growthUpTo.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (growthUpTo[mid]![0] <= slot) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? 0 : growthUpTo[low - 1]![1];
  };
  const first = order[0]![0];
  for (let i = 0; i < starts.length; i++) {
    const endGrowth = growthThrough(i + sizes[i]! - 1);
    if (endGrowth !== 0) ends[i] = ends[i]! + endGrowth;
    if (i > first) starts[i] = starts[i]! + growthThrough(i - 1);
  }
  index.contentEnd += total;
  const out = memory(body.length + total);
  let at = 0;
  for (const piece of pieces) at += piece.copy(out, at);
  return out.subarray(0, at);
}

/**
 * The body and index after an edit that moves, adds or takes out items, written once: unchanged
 * subtrees are copied as they are, and only the items on the way to a change are walked. Returns
 * undefined when the edit does not fit the body (a subtree taken out holds an item the edit does
 * not list, an anchor is not in the body, an item put in is already there): the caller then builds
 * the tree afresh.
 */
export function editMenuBody(
  body: Buffer,
  index: MenuIndex,
  edit: MenuEdit,
  memory?: Memory,
): { body: Buffer; index: MenuIndex } | undefined {
  const { ids, idAt, starts, lengths, ends, sizes, parents } = index;
  const count = idAt.length;
  const REMOVED = 2;
  const DIRTY = 1;
  const state = new Uint8Array(count);
  const markDirty = (from: number) => {
    for (let slot = from; slot >= 0 && state[slot] === 0; slot = parents[slot]!) {
      state[slot] = DIRTY;
    }
  };
  let removedBytes = 0;
  let removedItems = 0;
  /** Children taken out, by parent slot (-1: the top). */
  const takenFrom = new Map<number, number>();
  for (const id of edit.remove) {
    const slot = ids.get(id);
    if (slot === undefined) continue;
    const parent = parents[slot]!;
    if (parent >= 0 && edit.remove.has(idAt[parent]!)) continue;
    for (let inner = slot; inner < slot + sizes[slot]!; inner++) {
      if (!edit.remove.has(idAt[inner]!)) return undefined;
      state[inner] = REMOVED;
    }
    removedBytes += ends[slot]! - starts[slot]!;
    removedItems += sizes[slot]!;
    takenFrom.set(parent, (takenFrom.get(parent) ?? 0) + 1);
  }
  for (const parent of takenFrom.keys()) if (parent >= 0) markDirty(parent);

  const replacements = new Map<number, Buffer>();
  let growth = 0;
  for (const [id, bytes] of edit.replace) {
    const slot = ids.get(id);
    if (slot === undefined || state[slot] === REMOVED) continue;
    replacements.set(slot, bytes);
    growth += bytes.length - lengths[slot]!;
    markDirty(slot);
  }

  /** Subtrees put in, by anchor slot (-1: the top), each list in siblings' order. */
  const added = new Map<number, NewMenuItem[]>();
  let addedItems = 0;
  const measure = (item: NewMenuItem): boolean => {
    const slot = ids.get(item.id);
    if (slot !== undefined && state[slot] !== REMOVED) return false;
    addedItems++;
    growth += item.segment.length + CHILDREN.length + CLOSE.length;
    growth += Math.max(item.children.length - 1, 0);
    return item.children.every(measure);
  };
  for (const { anchor, item } of edit.insert) {
    const slot = anchor === null ? -1 : ids.get(anchor);
    if (slot === undefined || (slot >= 0 && state[slot] === REMOVED) || !measure(item)) {
      return undefined;
    }
    const list = added.get(slot) ?? [];
    list.push(item);
    added.set(slot, list);
    if (slot >= 0) markDirty(slot);
  }
  for (const list of added.values()) list.sort(bySiblingOrder);

  const childrenOf = (parent: number): number[] => {
    const children: number[] = [];
    const end = parent < 0 ? count : parent + sizes[parent]!;
    for (let slot = parent + 1; slot < end; slot += sizes[slot]!) children.push(slot);
    return children;
  };
  /** A child's order and name, read from its own fields. */
  const placeOf = (slot: number) => {
    const fields = JSON.parse(
      `${body.toString('utf8', starts[slot], starts[slot]! + lengths[slot]!)}}`,
    ) as { content_order: number; content_name: string };
    return { order: fields.content_order, name: fields.content_name };
  };
  /** The children of a list touched, old and new, in siblings' order. */
  const merged = (parent: number): (number | NewMenuItem)[] => {
    const old = childrenOf(parent);
    const kept = old.filter((slot) => state[slot] !== REMOVED);
    const news = added.get(parent) ?? [];
    // Commas: one fewer than the children, before and after.
    const total = kept.length + news.length;
    growth += Math.max(total - 1, 0) - Math.max(old.length - 1, 0);
    if (news.length === 0) return kept;
    const result: (number | NewMenuItem)[] = [];
    let next = 0;
    for (const item of news) {
      // The first kept child after `item` (equal ones stay first), found by halving.
      let low = next;
      let high = kept.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (bySiblingOrder(placeOf(kept[mid]!), item) <= 0) low = mid + 1;
        else high = mid;
      }
      for (; next < low; next++) result.push(kept[next]!);
      result.push(item);
    }
    for (; next < kept.length; next++) result.push(kept[next]!);
    return result;
  };

  // The lists that change, worked out before writing so that the body is allocated at its size.
  const lists = new Map<number, (number | NewMenuItem)[]>();
  const walkDirty = (parent: number) => {
    const list = merged(parent);
    lists.set(parent, list);
    for (const child of list)
      if (typeof child === 'number' && state[child] === DIRTY) walkDirty(child);
  };
  walkDirty(-1);
  const topBefore = childrenOf(-1).length;
  const topAfter = lists.get(-1)!.length;
  const templates = body.subarray(
    body[index.contentEnd] === 0x2c ? index.contentEnd + 1 : index.contentEnd,
    body.length - 1,
  );
  if (templates.length > 0) growth += Number(topAfter > 0) - Number(topBefore > 0);

  const slots = count - removedItems + addedItems;
  const next: MenuIndex = {
    ids: new Map(),
    idAt: new Array<string>(slots),
    starts: new Int32Array(slots),
    lengths: new Int32Array(slots),
    ends: new Int32Array(slots),
    sizes: new Int32Array(slots),
    parents: new Int32Array(slots),
    contentEnd: 0,
  };
  const out = new ByteWriter(body.length - removedBytes + growth, memory);
  let at = 0;
  const open = (id: string, segment: Buffer, parent: number) => {
    const slot = at++;
    next.idAt[slot] = id;
    next.starts[slot] = out.length;
    next.lengths[slot] = segment.length;
    next.parents[slot] = parent;
    out.copy(segment, 0, segment.length);
    out.write(CHILDREN);
    return slot;
  };
  const close = (slot: number) => {
    out.write(CLOSE);
    next.ends[slot] = out.length;
    next.sizes[slot] = at - slot;
  };
  const writeNew = (item: NewMenuItem, parent: number) => {
    const slot = open(item.id, item.segment, parent);
    item.children.forEach((child, i) => {
      if (i > 0) out.write(',');
      writeNew(child, slot);
    });
    close(slot);
  };
  const copyOld = (from: number, parent: number) => {
    const shift = out.length - starts[from]!;
    const size = sizes[from]!;
    out.copy(body, starts[from]!, ends[from]!);
    next.lengths.set(lengths.subarray(from, from + size), at);
    next.sizes.set(sizes.subarray(from, from + size), at);
    for (let i = 0; i < size; i++) {
      next.idAt[at + i] = idAt[from + i]!;
      next.starts[at + i] = starts[from + i]! + shift;
      next.ends[at + i] = ends[from + i]! + shift;
      next.parents[at + i] = i === 0 ? parent : parents[from + i]! - from + at;
    }
    at += size;
  };
  const writeList = (list: (number | NewMenuItem)[], parent: number) => {
    list.forEach((child, i) => {
      if (i > 0) out.write(',');
      if (typeof child !== 'number') writeNew(child, parent);
      else if (state[child] !== DIRTY) copyOld(child, parent);
      else {
        const own =
          replacements.get(child) ?? body.subarray(starts[child], starts[child]! + lengths[child]!);
        const slot = open(idAt[child]!, own, parent);
        writeList(lists.get(child)!, slot);
        close(slot);
      }
    });
  };
  out.write('[');
  writeList(lists.get(-1)!, -1);
  next.contentEnd = out.length;
  if (templates.length > 0) {
    if (topAfter > 0) out.write(',');
    out.copy(templates, 0, templates.length);
  }
  out.write(']');
  next.idAt.forEach((id, slot) => next.ids.set(id, slot));
  return { body: out.done(), index: next };
}

/** UTF-8 text and bytes appended to one buffer that grows when a guess of its size was short. */
export class ByteWriter {
  private buffer: Buffer;
  length = 0;

  /** With `memory`, the bytes go into the memory it gives (and stay there, room to spare). */
  constructor(
    guess: number,
    private readonly memory?: Memory,
  ) {
    this.buffer = memory ? memory(guess) : Buffer.allocUnsafe(guess);
  }

  write(text: string): void {
    this.room(Buffer.byteLength(text));
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

  /**
   * The bytes written, in a buffer of their size (copied only if the guess was too large, unless
   * they went into memory given for them).
   */
  done(): Buffer {
    if (this.length === this.buffer.length) return this.buffer;
    if (this.memory) return this.buffer.subarray(0, this.length);
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}
