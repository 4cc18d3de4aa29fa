/**
 * A site target's snapshot, shared by the calls of one remote build (`canopy build --api` asks
 * for page models a batch at a time) for as long as nothing was written through this server and
 * a few seconds at most (publish dates pass; another process may write).
 */
import type { SiteMode } from '@canopy/site/data';
import type { Db } from '../db/index';
import { loadSnapshot, type SiteSnapshot } from './source';

interface Entry {
  generation: number;
  expires: number;
  snapshot: Promise<SiteSnapshot>;
}

export class SnapshotMemo {
  private readonly entries = new Map<string, Entry>();

  /** `generation` changes with every write (the read cache's); `ttlMs` bounds the rest. */
  constructor(
    private readonly generation: () => number,
    private readonly ttlMs = 5_000,
  ) {}

  get(db: Db, siteId: string, mode: SiteMode, now = Date.now()): Promise<SiteSnapshot> {
    const key = `${siteId}\n${mode}`;
    // Taken before reading: a write while the snapshot loads makes the next call read again.
    const generation = this.generation();
    const kept = this.entries.get(key);
    if (kept && kept.generation === generation && kept.expires > now) return kept.snapshot;
    for (const [other, entry] of this.entries) if (entry.expires <= now) this.entries.delete(other);
    const entry: Entry = {
      generation,
      expires: now + this.ttlMs,
      snapshot: loadSnapshot(db, siteId, mode),
    };
    this.entries.set(key, entry);
    entry.snapshot.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.snapshot;
  }
}
