/**
 * Who has an item open in an editor: each open editor says so every PRESENCE_BEAT_MS and
 * disappears PRESENCE_TTL_MS after its last word (a closed tab, a sleeping laptop). Changes are
 * published as 'presence' events. Kept in memory: each instance knows its own editors.
 */
import type { LiveEventInput } from './hub';

export const PRESENCE_BEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 50_000;

export interface Viewer {
  username: string;
  name: string;
}

export class Presence {
  private readonly open = new Map<string, Map<string, Viewer & { until: number }>>();

  constructor(private readonly publish: (event: LiveEventInput) => void) {}

  viewers(contentId: string): Viewer[] {
    return [...(this.open.get(contentId)?.values() ?? [])].map(({ username, name }) => ({
      username,
      name,
    }));
  }

  here(contentId: string, viewer: Viewer, now = Date.now()): Viewer[] {
    let item = this.open.get(contentId);
    if (!item) this.open.set(contentId, (item = new Map()));
    const known = item.has(viewer.username);
    item.set(viewer.username, { ...viewer, until: now + PRESENCE_TTL_MS });
    if (!known) this.changed(contentId);
    return this.viewers(contentId);
  }

  gone(contentId: string, username: string): void {
    if (this.open.get(contentId)?.delete(username)) this.changed(contentId);
  }

  /** Forgets editors that stopped saying they are there. */
  sweep(now = Date.now()): void {
    for (const [contentId, item] of this.open) {
      let changed = false;
      for (const [username, viewer] of item) {
        if (viewer.until <= now) changed = item.delete(username) || changed;
      }
      if (changed) this.changed(contentId);
    }
  }

  private changed(contentId: string): void {
    const viewers = this.viewers(contentId);
    if (viewers.length === 0) this.open.delete(contentId);
    this.publish({ type: 'presence', content_id: contentId, viewers });
  }
}
