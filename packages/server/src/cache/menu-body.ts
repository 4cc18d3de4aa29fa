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

/** Memory for a body of `size` bytes: a buffer at least that large, written from its start. */
export type Memory = (size: number) => Buffer;

/** Memory made by `freshMemory`: a body's alone (never a slice of a shared pool). */
const ownMemory = new WeakSet<ArrayBufferLike>();

/**
 * New memory for a body, its own, with room for it to grow by a sixteenth (a later edit then
 * writes over it in place).
 */
export function freshMemory(size: number): Buffer {
  const memory = Buffer.allocUnsafeSlow(size + (size >> 4));
  ownMemory.add(memory.buffer);
  return memory;
}

export const CHILDREN = ',"children":[';
const CLOSE = ']}';
const BYTES = {
  open: Buffer.from('['),
  end: Buffer.from(']'),
  comma: Buffer.from(','),
  children: Buffer.from(CHILDREN),
  close: Buffer.from(CLOSE),
};

/** `localeCompare` without building a collator per call, as the forest sorts children. */
const byName = new Intl.Collator().compare;

/** The items' order, then name: siblings' order in a body and in a built forest (forest.ts). */
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
 * A new body as pieces of the old one and new bytes, in order, written once: into new memory, or
 * over the old body's own memory when nothing reads it any more (cache/lent-bytes.ts), moving the
 * kept pieces in place. A fresh 57 MB buffer costs about 170 ms in page faults on first touch on
 * the bench machine, moving the bytes within one 4 ms.
 */
export class BodyPlan {
  /** The new body's length so far. */
  length = 0;
  /** Kept bytes of the old body (`[from, to]`) and new bytes, in the new body's order. */
  private readonly pieces: ([from: number, to: number] | Buffer)[] = [];

  constructor(private readonly old: Buffer) {}

  /** Bytes `from` to `to` of the old body. */
  keep(from: number, to: number): void {
    if (to <= from) return;
    const last = this.pieces[this.pieces.length - 1];
    if (Array.isArray(last) && last[1] === from) last[1] = to;
    else this.pieces.push([from, to]);
    this.length += to - from;
  }

  /** New bytes (kept from the old body when they are the ones following the last kept piece). */
  add(bytes: Buffer): void {
    const last = this.pieces[this.pieces.length - 1];
    if (
      Array.isArray(last) &&
      last[1] + bytes.length <= this.old.length &&
      this.old.subarray(last[1], last[1] + bytes.length).equals(bytes)
    ) {
      last[1] += bytes.length;
    } else {
      this.pieces.push(bytes);
    }
    this.length += bytes.length;
  }

  /**
   * Whether the body fits in the old body's memory, that memory is the old body's alone, and the
   * kept pieces come in the old body's order (as an edit keeps them).
   */
  fitsInPlace(): boolean {
    const memory = this.old.buffer;
    let end = 0;
    for (const piece of this.pieces) {
      if (!Array.isArray(piece)) continue;
      if (piece[0] < end) return false;
      end = piece[1];
    }
    return ownMemory.has(memory) && this.old.byteOffset === 0 && memory.byteLength >= this.length;
  }

  /** The body written into `memory`. */
  into(memory: Buffer): Buffer {
    let at = 0;
    for (const piece of this.pieces) {
      at += Array.isArray(piece)
        ? this.old.copy(memory, at, piece[0], piece[1])
        : piece.copy(memory, at);
    }
    return memory.subarray(0, at);
  }

  /**
   * The body written over the old one's memory (see `fitsInPlace`; nothing may read the old body
   * any more). Kept pieces keep their order, so those moving towards the start are moved first,
   * from the start, and those moving towards the end next, from the end: none overwrites one not
   * yet moved. New bytes go in last.
   */
  inPlace(): Buffer {
    const memory = Buffer.from(this.old.buffer, 0, Math.max(this.old.length, this.length));
    const moves: [from: number, to: number, at: number][] = [];
    const news: [bytes: Buffer, at: number][] = [];
    let at = 0;
    for (const piece of this.pieces) {
      if (Array.isArray(piece)) {
        moves.push([piece[0], piece[1], at]);
        at += piece[1] - piece[0];
      } else {
        news.push([piece, at]);
        at += piece.length;
      }
    }
    for (const [from, to, target] of moves) if (target < from) memory.copyWithin(target, from, to);
    for (let i = moves.length - 1; i >= 0; i--) {
      const [from, to, target] = moves[i]!;
      if (target > from) memory.copyWithin(target, from, to);
    }
    for (const [bytes, target] of news) bytes.copy(memory, target);
    return memory.subarray(0, this.length);
  }
}

/**
 * The body with only the own fields of slots `order` replaced (ascending slots, new bytes), as a
 * plan; the index is updated in place.
 */
export function replaceSegments(
  body: Buffer,
  index: MenuIndex,
  order: [slot: number, bytes: Buffer][],
): BodyPlan {
  const { starts, lengths, ends, sizes } = index;
  const plan = new BodyPlan(body);
  let from = 0;
  const growthUpTo: [slot: number, total: number][] = [];
  let total = 0;
  for (const [slot, bytes] of order) {
    plan.keep(from, starts[slot]!);
    plan.add(bytes);
    from = starts[slot]! + lengths[slot]!;
    total += bytes.length - lengths[slot]!;
    growthUpTo.push([slot, total]);
    lengths[slot] = bytes.length;
  }
  plan.keep(from, body.length);
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
  return plan;
}

/**
 * The body (as a plan) and index after an edit that moves, adds or takes out items: unchanged
 * subtrees are kept as they are, and only the items on the way to a change are walked. Returns
 * undefined when the edit does not fit the body (a subtree taken out holds an item the edit does
 * not list, an anchor is not in the body, an item put in is already there): the caller then builds
 * the tree afresh.
 */
export function editMenuBody(
  body: Buffer,
  index: MenuIndex,
  edit: MenuEdit,
): { plan: BodyPlan; index: MenuIndex } | undefined {
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
  let removedItems = 0;
  /** Parents (slots) of subtrees taken out. */
  const takenFrom = new Set<number>();
  for (const id of edit.remove) {
    const slot = ids.get(id);
    if (slot === undefined) continue;
    const parent = parents[slot]!;
    if (parent >= 0 && edit.remove.has(idAt[parent]!)) continue;
    for (let inner = slot; inner < slot + sizes[slot]!; inner++) {
      if (!edit.remove.has(idAt[inner]!)) return undefined;
      state[inner] = REMOVED;
    }
    removedItems += sizes[slot]!;
    takenFrom.add(parent);
  }
  for (const parent of takenFrom) if (parent >= 0) markDirty(parent);

  const replacements = new Map<number, Buffer>();
  for (const [id, bytes] of edit.replace) {
    const slot = ids.get(id);
    if (slot === undefined || state[slot] === REMOVED) continue;
    replacements.set(slot, bytes);
    markDirty(slot);
  }

  /** Subtrees put in, by anchor slot (-1: the top), each list in siblings' order. */
  const added = new Map<number, NewMenuItem[]>();
  let addedItems = 0;
  /** Counts a subtree put in; false if one of its items is in the body and not taken out. */
  const admits = (item: NewMenuItem): boolean => {
    const slot = ids.get(item.id);
    if (slot !== undefined && state[slot] !== REMOVED) return false;
    addedItems++;
    return item.children.every(admits);
  };
  for (const { anchor, item } of edit.insert) {
    const slot = anchor === null ? -1 : ids.get(anchor);
    if (slot === undefined || (slot >= 0 && state[slot] === REMOVED) || !admits(item)) {
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

  // The lists that change, worked out before writing.
  const lists = new Map<number, (number | NewMenuItem)[]>();
  const walkDirty = (parent: number) => {
    const list = merged(parent);
    lists.set(parent, list);
    for (const child of list)
      if (typeof child === 'number' && state[child] === DIRTY) walkDirty(child);
  };
  walkDirty(-1);
  const topAfter = lists.get(-1)!.length;
  const templates = body.subarray(
    body[index.contentEnd] === 0x2c ? index.contentEnd + 1 : index.contentEnd,
    body.length - 1,
  );

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
  const out = new BodyPlan(body);
  let at = 0;
  /** An item's own fields: new bytes, or where they are in the old body. */
  const open = (id: string, segment: Buffer | number, parent: number) => {
    const slot = at++;
    next.idAt[slot] = id;
    next.starts[slot] = out.length;
    next.parents[slot] = parent;
    if (typeof segment === 'number') {
      next.lengths[slot] = lengths[segment]!;
      out.keep(starts[segment]!, starts[segment]! + lengths[segment]!);
    } else {
      next.lengths[slot] = segment.length;
      out.add(segment);
    }
    out.add(BYTES.children);
    return slot;
  };
  const close = (slot: number) => {
    out.add(BYTES.close);
    next.ends[slot] = out.length;
    next.sizes[slot] = at - slot;
  };
  const writeNew = (item: NewMenuItem, parent: number) => {
    const slot = open(item.id, item.segment, parent);
    item.children.forEach((child, i) => {
      if (i > 0) out.add(BYTES.comma);
      writeNew(child, slot);
    });
    close(slot);
  };
  const copyOld = (from: number, parent: number) => {
    const shift = out.length - starts[from]!;
    const size = sizes[from]!;
    out.keep(starts[from]!, ends[from]!);
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
      if (i > 0) out.add(BYTES.comma);
      if (typeof child !== 'number') writeNew(child, parent);
      else if (state[child] !== DIRTY) copyOld(child, parent);
      else {
        const slot = open(idAt[child]!, replacements.get(child) ?? child, parent);
        writeList(lists.get(child)!, slot);
        close(slot);
      }
    });
  };
  out.add(BYTES.open);
  writeList(lists.get(-1)!, -1);
  next.contentEnd = out.length;
  if (templates.length > 0) {
    if (topAfter > 0) out.add(BYTES.comma);
    out.keep(templates.byteOffset - body.byteOffset, body.length - 1);
  }
  out.add(BYTES.end);
  next.idAt.forEach((id, slot) => next.ids.set(id, slot));
  return { plan: out, index: next };
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
