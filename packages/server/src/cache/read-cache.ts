/**
 * Serialized replies that are expensive to build and the same for many callers: published pages
 * for published-only callers (keyed by site and Page URL) and menu trees (keyed by the caller's
 * roles). An entry stays right until a write happens (the app clears the cache before answering
 * any successful write) or its own expiry passes (a page's next publish or unpublish date).
 * Process-local: with several instances, each clears on its own writes only (README, "Beyond one
 * machine").
 */
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_AGE_MS = 60 * 60 * 1000;

interface Entry {
  /** UTF-8 bytes, ready to send: encoding once here saves it on every hit. */
  body: Buffer;
  expires: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get(key: string, now = Date.now()): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, text: string, expires = Number.POSITIVE_INFINITY, now = Date.now()): Buffer {
    const body = Buffer.from(text);
    this.delete(key);
    // Oldest first out, until the new entry fits the budget.
    for (const oldest of this.entries.keys()) {
      if (this.bytes + body.length <= MAX_BYTES) break;
      this.delete(oldest);
    }
    if (body.length > MAX_BYTES) return body;
    this.entries.set(key, { body, expires: Math.min(expires, now + MAX_AGE_MS) });
    this.bytes += body.length;
    return body;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
