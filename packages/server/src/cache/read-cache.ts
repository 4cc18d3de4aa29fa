/**
 * Serialized published pages for published-only callers (the public site, the static builder),
 * keyed by site and Page URL. Published versions never change, so an entry stays right until a
 * write happens (the app clears the cache after every successful write) or a publish/unpublish
 * date passes (each entry expires at the next one). This cache is process-local: with several
 * instances, each clears on its own writes only (see README, "Beyond one machine").
 */
const MAX_ENTRIES = 10_000;
const MAX_AGE_MS = 60 * 60 * 1000;

interface Entry {
  body: string;
  expires: number;
}

export class DeliveryCache {
  private readonly entries = new Map<string, Entry>();

  get(key: string, now = Date.now()): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: string, expires: number, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { body, expires: Math.min(expires, now + MAX_AGE_MS) });
  }

  clear(): void {
    this.entries.clear();
  }
}
