/**
 * Who has an item open in an editor: each open editor says so every `presenceBeatMs()` and
 * disappears CANOPY_PRESENCE_SECONDS after its last word (a closed tab, a sleeping laptop). Changes are
 * published as 'presence' events. Kept in memory; with several instances each word an instance
 * hears is shared with the others (`share`), which apply it (`apply`) and publish the change to
 * their own streams, so every instance knows every editor whichever instance it talks to.
 */
import type { LiveEventInput } from './hub';

export const DEFAULT_PRESENCE_SECONDS = 50;

let ttlMs = DEFAULT_PRESENCE_SECONDS * 1000;

/** Set once from the configuration when the app is built. */
export function configurePresence(seconds: number): void {
  ttlMs = seconds * 1000;
}

/** How often an open editor says it is there: well within the time it stays named. */
export function presenceBeatMs(): number {
  return Math.round(ttlMs * 0.4);
}

export interface Viewer {
  username: string;
  name: string;
}

/** One editor's word, as shared between instances. */
export type PresenceWord =
  | { word: 'here'; content_id: string; viewer: Viewer }
  | { word: 'gone'; content_id: string; username: string };

export class Presence {
  private readonly open = new Map<string, Map<string, Viewer & { until: number }>>();

  constructor(
    private readonly publish: (event: LiveEventInput) => void,
    private readonly share: (word: PresenceWord) => void = () => undefined,
  ) {}

  viewers(contentId: string): Viewer[] {
    return [...(this.open.get(contentId)?.values() ?? [])].map(({ username, name }) => ({
      username,
      name,
    }));
  }

  here(contentId: string, viewer: Viewer, now = Date.now()): Viewer[] {
    this.share({ word: 'here', content_id: contentId, viewer });
    this.mark(contentId, viewer, now);
    return this.viewers(contentId);
  }

  gone(contentId: string, username: string): void {
    this.share({ word: 'gone', content_id: contentId, username });
    this.unmark(contentId, username);
  }

  /** Another instance's word (its lifetime counts from now, on this instance's clock). */
  apply(payload: unknown, now = Date.now()): void {
    const word = payload as Partial<PresenceWord> | null;
    if (typeof word?.content_id !== 'string') return;
    if (word.word === 'here' && isViewer(word.viewer)) {
      this.mark(word.content_id, { username: word.viewer.username, name: word.viewer.name }, now);
    } else if (word.word === 'gone' && typeof word.username === 'string') {
      this.unmark(word.content_id, word.username);
    }
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

  private mark(contentId: string, viewer: Viewer, now: number): void {
    let item = this.open.get(contentId);
    if (!item) this.open.set(contentId, (item = new Map()));
    const known = item.has(viewer.username);
    item.set(viewer.username, { ...viewer, until: now + ttlMs });
    if (!known) this.changed(contentId);
  }

  private unmark(contentId: string, username: string): void {
    if (this.open.get(contentId)?.delete(username)) this.changed(contentId);
  }

  private changed(contentId: string): void {
    const viewers = this.viewers(contentId);
    if (viewers.length === 0) this.open.delete(contentId);
    this.publish({ type: 'presence', content_id: contentId, viewers });
  }
}

function isViewer(value: unknown): value is Viewer {
  const viewer = value as Partial<Viewer> | null;
  return typeof viewer?.username === 'string' && typeof viewer.name === 'string';
}
