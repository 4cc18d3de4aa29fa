/**
 * Serialized replies that are expensive to build and the same for many callers: published pages
 * (keyed by the caller's roles, site and Page URL) and menu trees (keyed by the caller's roles).
 * An entry stays right until a write changes what it shows (the app clears the cache before
 * answering any successful write; a lock or unlock clears only the menus and the locked item's
 * pages) or its own expiry passes (a page's next publish or unpublish date).
 *
 * A reader stores only what is still current: it takes `generation()` before reading and passes
 * it to `set`, which drops the entry when a clear that covers it came in between (the reader read
 * before that write and would otherwise serve the old state until the next write).
 *
 * Process-local: with several instances, each clears on its own writes only (README, "Beyond one
 * machine").
 */
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_AGE_MS = 60 * 60 * 1000;

/** What a key is: its text up to the first ':' ('menu', 'page'). */
export type CacheScope = 'menu' | 'page';

interface Entry {
  /** UTF-8 bytes, ready to send: encoding once here saves it on every hit. */
  body: Buffer;
  expires: number;
  /** The content item whose lock state the entry shows, if any (a published page). */
  content: string | undefined;
}

export interface StoreOptions {
  /** `generation()` taken before the reply was read. */
  readAt: number;
  /** When the entry stops being right (a publish or unpublish date), in milliseconds. */
  expires?: number;
  /** The content item the entry shows (cleared with that item's lock or unlock). */
  content?: string;
  now?: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private clears = 0;
  private lastClearAll = 0;
  private readonly lastClearOfScope = new Map<CacheScope, number>();
  private readonly lastClearOfContent = new Map<string, number>();

  get(key: string, now = Date.now()): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.body;
  }

  /** Take before reading what will be stored. */
  generation(): number {
    return this.clears;
  }

  /** Stores the reply unless a clear covering it came after `readAt`; returns its bytes either way. */
  set(key: string, text: string, options: StoreOptions): Buffer {
    const body = Buffer.from(text);
    const { readAt, content, now = Date.now() } = options;
    const expires = options.expires ?? Number.POSITIVE_INFINITY;
    const clearedSince = Math.max(
      this.lastClearAll,
      this.lastClearOfScope.get(scopeOf(key)) ?? 0,
      content === undefined ? 0 : (this.lastClearOfContent.get(content) ?? 0),
    );
    if (clearedSince > readAt) return body;
    this.delete(key);
    // Oldest first out, until the new entry fits the budget.
    for (const oldest of this.entries.keys()) {
      if (this.bytes + body.length <= MAX_BYTES) break;
      this.delete(oldest);
    }
    if (body.length > MAX_BYTES) return body;
    this.entries.set(key, { body, expires: Math.min(expires, now + MAX_AGE_MS), content });
    this.bytes += body.length;
    return body;
  }

  /** Forgets everything (any write). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.lastClearAll = ++this.clears;
    this.lastClearOfScope.clear();
    this.lastClearOfContent.clear();
  }

  /** Forgets what a lock or unlock of one item changes: every menu, and that item's pages. */
  clearLockOf(contentId: string): void {
    const at = ++this.clears;
    this.lastClearOfScope.set('menu', at);
    this.lastClearOfContent.set(contentId, at);
    for (const [key, entry] of this.entries) {
      if (scopeOf(key) === 'menu' || entry.content === contentId) this.delete(key);
    }
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
