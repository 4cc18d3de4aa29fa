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
 * a draft, a move, an item added or deleted); those and a lock or unlock of one item (which
 * forgets only that item's pages) mark the items stale in the menus. A stale menu is not served
 * as it is: its reader reads the items afresh and `patch`es the bytes (menu-body.ts) in place of
 * rebuilding 100,000 items, or rebuilds it when the change reaches items it did not read.
 *
 * A reader stores only what is still current: it takes `generation()` before reading and passes
 * it to `set`, which drops the entry when a change that covers it came in between (the reader read
 * before that write and would otherwise serve the old state until the next write).
 */
import { isLent } from './lent-bytes';
import {
  editMenuBody,
  freshMemory,
  insertedIds,
  replaceSegments,
  reshapes,
  type BodyPlan,
  type MenuEdit,
  type MenuIndex,
} from './menu-body';

const MAX_BYTES = 256 * 1024 * 1024;
const MAX_AGE_MS = 60 * 60 * 1000;

/** What a key is: its text up to the first ':' ('menu', 'page'). */
export type CacheScope = 'menu' | 'page';

/**
 * What changed: anything; anything but what the menus show ('pages'); the rows of these content
 * items, the permission settings on those in `settings`, and anything but the menus ('items'); or
 * only the lock state of one content item.
 */
export type CacheChange =
  | { kind: 'all' }
  | { kind: 'pages' }
  | { kind: 'items'; contentIds: string[]; settings: string[] }
  | { kind: 'lock'; contentId: string };

interface Entry {
  /** UTF-8 bytes, ready to send: encoding once here saves it on every hit. */
  body: Buffer;
  expires: number;
  /** The content item whose lock state the entry shows, if any (a published page). */
  content: string | undefined;
  /** Where a menu's items are in its body, so that a change of items edits it (menu-body.ts). */
  index: MenuIndex | undefined;
  /** Items changed since the body was built (or last patched), with the change's generation. */
  stale: Map<string, number>;
  /** Those of them whose permission settings changed. */
  settings: Set<string>;
}

export interface StoreOptions {
  /** `generation()` taken before the reply was read. */
  readAt: number;
  /** When the entry stops being right (a publish or unpublish date), in milliseconds. */
  expires?: number;
  /** The content item the entry shows (cleared with that item's lock or unlock). */
  content?: string;
  /** Where a menu's items are in the body, so that changes of items edit it. */
  index?: MenuIndex;
  now?: number;
}

/** A menu entry: its bytes, and the items whose segments must be patched before serving. */
export interface PatchableEntry {
  body: Buffer;
  stale: string[];
  /** Stale items whose permission settings changed (theirs and their subtree's may differ). */
  settings: string[];
  /** Stale items' own fields as the body had them (none for an item it does not show). */
  segments: Map<string, Buffer>;
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
        settings: [...entry.settings],
        // Copied: the body's memory may hold another body by the time the reader looks.
        segments: new Map(
          [...entry.stale.keys()].flatMap((id) => {
            const slot = entry.index?.ids.get(id);
            if (slot === undefined) return [];
            const start = entry.index!.starts[slot]!;
            const end = start + entry.index!.lengths[slot]!;
            return [[id, Buffer.from(entry.body.subarray(start, end))] as const];
          }),
        ),
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
    const { readAt, content, index, now = Date.now() } = options;
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
      index,
      stale: new Map(),
      settings: new Set(),
    };
    this.entries.set(key, entry);
    this.bytes += body.length;
    return body;
  }

  /**
   * Applies `edit` (menu-body.ts), read after `readAt`, to the menu's bytes. An edit that only
   * replaces own fields skips an item changed again since `readAt`, which keeps its bytes and
   * stays stale (the replacement may be older than what another reader patched in meanwhile); one
   * that moves, adds or takes out items is refused if any of its items changed since. Returns the
   * edited bytes, or undefined when the entry is gone, everything was cleared since `readAt`, or
   * the edit was refused (the caller then rebuilds).
   */
  patch(key: string, edit: MenuEdit, readAt: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry?.index || this.lastClearAll > readAt) return undefined;
    const changedSince = (id: string) => (this.lastChangeOf.get(id) ?? 0) > readAt;
    const handled = [...edit.replace.keys(), ...edit.remove, ...insertedIds(edit)];
    let body = entry.body;
    // Over the old body's memory when nothing reads it any more, else into new memory.
    const write = (plan: BodyPlan) =>
      plan.fitsInPlace() && !isLent(entry.body.buffer)
        ? plan.inPlace()
        : plan.into(freshMemory(plan.length));
    if (reshapes(edit)) {
      if (handled.some(changedSince)) return undefined;
      const edited = editMenuBody(entry.body, entry.index, edit);
      if (!edited) return undefined;
      body = write(edited.plan);
      entry.index = edited.index;
    } else {
      // Only segments whose bytes change are replaced (an unlock of an unlocked item changes none).
      const { ids, starts, lengths } = entry.index;
      const order: [slot: number, bytes: Buffer][] = [];
      for (const [id, bytes] of edit.replace) {
        const slot = ids.get(id);
        if (slot === undefined || changedSince(id)) continue;
        const start = starts[slot]!;
        if (!bytes.equals(entry.body.subarray(start, start + lengths[slot]!))) {
          order.push([slot, bytes]);
        }
      }
      order.sort((a, b) => a[0] - b[0]);
      if (order.length > 0) body = write(replaceSegments(entry.body, entry.index, order));
    }
    this.bytes += body.length - entry.body.length;
    entry.body = body;
    for (const id of handled) {
      if ((entry.stale.get(id) ?? Infinity) <= readAt) {
        entry.stale.delete(id);
        entry.settings.delete(id);
      }
    }
    this.read(key, true);
    return entry.body;
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
      if (change.kind === 'items') {
        this.markStale([...new Set([...change.contentIds, ...change.settings])], at, false);
        this.markSettings(change.settings);
      }
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.content === change.contentId) this.delete(key);
    }
    this.markStale([change.contentId], at, true);
  }

  /**
   * Marks the items stale in each menu: its next reader reads them afresh. A lock of an item the
   * menu does not show changes nothing in it; any other change may (an item added, or one the
   * caller cannot read moved, with its readable descendants).
   */
  private markStale(ids: string[], at: number, onlyLock: boolean): void {
    this.lastRowChange = at;
    for (const id of ids) this.lastChangeOf.set(id, at);
    for (const [key, entry] of this.entries) {
      if (scopeOf(key) !== 'menu') continue;
      const index = entry.index;
      if (!index) this.delete(key);
      else for (const id of ids) if (!onlyLock || index.ids.has(id)) entry.stale.set(id, at);
    }
  }

  /** Marks the items' permission settings changed in each menu. */
  private markSettings(ids: string[]): void {
    for (const [key, entry] of this.entries) {
      if (scopeOf(key) === 'menu') for (const id of ids) entry.settings.add(id);
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
