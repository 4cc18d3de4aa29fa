/**
 * Serialized replies that are expensive to build and the same for many callers: published pages
 * (keyed by the caller's roles, site and Page URL) and menu trees (keyed by the caller's roles).
 * An entry stays right until a write changes what it shows or its own expiry passes (a page's
 * next publish or unpublish date).
 *
 * Every change reaches the caches through one entry point, `invalidate(change)`: the app calls it
 * before answering any successful write, and a signal from another instance can call it the same
 * way. A write forgets everything (and clears the dependent caches given to the constructor,
 * e.g. verified tokens), but the menus when it wrote no table a menu reads ('pages': a save of
 * fields and blocks) or only named rows of content items ('items': a rename, a change of Page URL,
 * a draft); those and a lock or unlock of one item (which forgets only that item's pages) mark
 * the items stale in each menu that shows them. A stale menu is not served as it is: its reader
 * reads the items afresh and `patch`es their bytes in place of rebuilding 100,000 items, or
 * rebuilds it when an item moved in the tree.
 *
 * A reader stores only what is still current: it takes `generation()` before reading and passes
 * it to `set`, which drops the entry when a change that covers it came in between (the reader read
 * before that write and would otherwise serve the old state until the next write).
 */
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_AGE_MS = 60 * 60 * 1000;

/** What a key is: its text up to the first ':' ('menu', 'page'). */
export type CacheScope = 'menu' | 'page';

/**
 * What changed: anything; anything but what the menus show ('pages'); the rows of these content
 * items and anything but the menus ('items'); or only the lock state of one content item.
 */
export type CacheChange =
  | { kind: 'all' }
  | { kind: 'pages' }
  | { kind: 'items'; contentIds: string[] }
  | { kind: 'lock'; contentId: string };

/**
 * Where each item's patchable bytes are in a body: item `ids.get(id)` occupies
 * `starts[i] .. starts[i] + lengths[i]`, items in the order of the body. A menu's segments are its
 * items' own fields (all but their children).
 */
export interface Segments {
  ids: Map<string, number>;
  starts: Int32Array;
  lengths: Int32Array;
}

interface Entry {
  /** UTF-8 bytes, ready to send: encoding once here saves it on every hit. */
  body: Buffer;
  expires: number;
  /** The content item whose lock state the entry shows, if any (a published page). */
  content: string | undefined;
  /** A menu's item segments, which a change of items patches instead of dropping the entry. */
  segments: Segments | undefined;
  /** Items changed since the body was built (or last patched), with the change's generation. */
  stale: Map<string, number>;
}

export interface StoreOptions {
  /** `generation()` taken before the reply was read. */
  readAt: number;
  /** When the entry stops being right (a publish or unpublish date), in milliseconds. */
  expires?: number;
  /** The content item the entry shows (cleared with that item's lock or unlock). */
  content?: string;
  /** The items' segments in the body (a menu), so changes of items patch it. */
  segments?: Segments;
  now?: number;
}

/** A menu entry: its bytes, and the items whose segments must be patched before serving. */
export interface PatchableEntry {
  body: Buffer;
  stale: string[];
  /** The bytes of an item's segment as they are now. */
  segment(id: string): Buffer | undefined;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private clears = 0;
  private lastClearAll = 0;
  private lastClearPages = 0;
  private lastRowChange = 0;
  /** The generation of each item's last change of its row or lock (since the last 'all'). */
  private readonly lastChangeOf = new Map<string, number>();

  private readonly readers: Array<(key: string, hit: boolean) => void> = [];

  /** `dependents` are cleared with every change that is not a lock (e.g. verified tokens). */
  constructor(private readonly dependents: { clear(): void }[] = []) {}

  /** Tells `listener` of every read and whether the cache answered it (the metrics count them). */
  onRead(listener: (key: string, hit: boolean) => void): void {
    this.readers.push(listener);
  }

  /** The entry's bytes, unless it expired or is waiting for a patch. */
  get(key: string, now = Date.now()): Buffer | undefined {
    const body = this.hit(key, now);
    if (body === undefined) this.read(key, false);
    return body;
  }

  /**
   * The entry's bytes when it has some to serve, counted as a hit; a miss is not counted (the
   * caller then asks a reader that will `get` and count it).
   */
  hit(key: string, now = Date.now()): Buffer | undefined {
    const entry = this.live(key, now);
    if (!entry || entry.stale.size > 0) return undefined;
    this.read(key, true);
    return entry.body;
  }

  /**
   * A patchable entry with what is stale in it; see `patch`. Counted as a hit when nothing is
   * stale; otherwise the caller's `patch` counts it as one, or `miss` when it rebuilds instead.
   */
  getPatchable(key: string, now = Date.now()): PatchableEntry | undefined {
    const entry = this.live(key, now);
    if (entry?.stale.size === 0) this.read(key, true);
    return (
      entry && {
        body: entry.body,
        stale: [...entry.stale.keys()],
        segment: (id) => {
          const index = entry.segments?.ids.get(id);
          if (index === undefined) return undefined;
          const start = entry.segments!.starts[index]!;
          return entry.body.subarray(start, start + entry.segments!.lengths[index]!);
        },
      }
    );
  }

  /** Counts a read the cache could not answer (see `getPatchable`). */
  miss(key: string): void {
    this.read(key, false);
  }

  private read(key: string, hit: boolean): void {
    for (const listener of this.readers) listener(key, hit);
  }

  /** Take before reading what will be stored. */
  generation(): number {
    return this.clears;
  }

  /** Stores the reply unless a change covering it came after `readAt`; returns its bytes either way. */
  set(key: string, reply: string | Buffer, options: StoreOptions): Buffer {
    const body = typeof reply === 'string' ? Buffer.from(reply) : reply;
    const { readAt, content, segments, now = Date.now() } = options;
    const expires = options.expires ?? Number.POSITIVE_INFINITY;
    const menu = scopeOf(key) === 'menu';
    const changedSince = Math.max(
      this.lastClearAll,
      menu ? this.lastRowChange : this.lastClearPages,
      content === undefined ? 0 : (this.lastChangeOf.get(content) ?? 0),
    );
    if (changedSince > readAt) return body;
    this.delete(key);
    // Oldest first out, until the new entry fits the budget.
    for (const oldest of this.entries.keys()) {
      if (this.bytes + body.length <= MAX_BYTES) break;
      this.delete(oldest);
    }
    if (body.length > MAX_BYTES) return body;
    const entry: Entry = {
      body,
      expires: Math.min(expires, now + MAX_AGE_MS),
      content,
      segments,
      stale: new Map(),
    };
    this.entries.set(key, entry);
    this.bytes += body.length;
    return body;
  }

  /**
   * Replaces the stale items' segments with `replacements` (id -> new bytes) read after `readAt`.
   * An item changed again since `readAt` keeps its bytes and stays stale (the replacement may be
   * older than what another reader patched in meanwhile). Returns the patched bytes, or undefined
   * when the entry is gone or everything was cleared since `readAt` (the caller then rebuilds).
   */
  patch(key: string, replacements: Map<string, Buffer>, readAt: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry?.segments || this.lastClearAll > readAt) return undefined;
    const { ids, starts, lengths } = entry.segments;
    // Only segments whose bytes change are replaced (an unlock of an unlocked item changes none).
    const order: [index: number, bytes: Buffer][] = [];
    for (const [id, bytes] of replacements) {
      const index = ids.get(id);
      if (index === undefined || (this.lastChangeOf.get(id) ?? 0) > readAt) continue;
      const start = starts[index]!;
      if (!bytes.equals(entry.body.subarray(start, start + lengths[index]!))) {
        order.push([index, bytes]);
      }
    }
    if (order.length > 0) {
      order.sort((a, b) => a[0] - b[0]);
      entry.body = this.replaced(entry, order);
    }
    for (const id of replacements.keys()) {
      if ((entry.stale.get(id) ?? Infinity) <= readAt) entry.stale.delete(id);
    }
    this.read(key, true);
    return entry.body;
  }

  /** A new body with the segments at `order` (ascending) replaced; the segments after them move. */
  private replaced(entry: Entry, order: [index: number, bytes: Buffer][]): Buffer {
    const { starts, lengths } = entry.segments!;
    const pieces: Buffer[] = [];
    let from = 0;
    const shifts: [index: number, growth: number][] = [];
    for (const [index, bytes] of order) {
      pieces.push(entry.body.subarray(from, starts[index]), bytes);
      from = starts[index]! + lengths[index]!;
      shifts.push([index, bytes.length - lengths[index]!]);
      lengths[index] = bytes.length;
    }
    pieces.push(entry.body.subarray(from));
    const body = Buffer.concat(pieces);
    // Every segment after a patched one moves by the growth of the patched ones before it.
    let delta = 0;
    for (let s = 0; s < shifts.length; s++) {
      const [index, growth] = shifts[s]!;
      const end = s + 1 < shifts.length ? shifts[s + 1]![0] - 1 : starts.length - 1;
      starts[index] = starts[index]! + delta;
      delta += growth;
      if (delta !== 0) for (let i = index + 1; i <= end; i++) starts[i] = starts[i]! + delta;
    }
    this.bytes += body.length - entry.body.length;
    return body;
  }

  /** The one way in for changes, local or from another instance. */
  invalidate(change: CacheChange): void {
    const at = ++this.clears;
    if (change.kind === 'all') {
      this.entries.clear();
      this.bytes = 0;
      this.lastClearAll = at;
      this.lastRowChange = 0;
      this.lastChangeOf.clear();
      for (const dependent of this.dependents) dependent.clear();
      return;
    }
    if (change.kind === 'pages' || change.kind === 'items') {
      for (const key of this.entries.keys()) if (scopeOf(key) !== 'menu') this.delete(key);
      this.lastClearPages = at;
      for (const dependent of this.dependents) dependent.clear();
      if (change.kind === 'items') this.markStale(change.contentIds, at, false);
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.content === change.contentId) this.delete(key);
    }
    this.markStale([change.contentId], at, true);
  }

  /**
   * Marks the items stale in each menu that shows them. A menu that does not show one of them
   * is dropped unless only the lock changed: the item may be one the caller cannot read, whose
   * move would change where its readable descendants hang.
   */
  private markStale(ids: string[], at: number, onlyLock: boolean): void {
    this.lastRowChange = at;
    for (const id of ids) this.lastChangeOf.set(id, at);
    for (const [key, entry] of this.entries) {
      if (scopeOf(key) !== 'menu') continue;
      const segments = entry.segments;
      if (!segments) this.delete(key);
      else if (!onlyLock && ids.some((id) => !segments.ids.has(id))) this.delete(key);
      else for (const id of ids) if (segments.ids.has(id)) entry.stale.set(id, at);
    }
  }

  /** Forgets everything (any write). */
  clear(): void {
    this.invalidate({ kind: 'all' });
  }

  /** What a lock or unlock of one item changes: its lock state in the menus, and its pages. */
  clearLockOf(contentId: string): void {
    this.invalidate({ kind: 'lock', contentId });
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

function scopeOf(key: string): CacheScope {
  return key.slice(0, key.indexOf(':')) as CacheScope;
}
