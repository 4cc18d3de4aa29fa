/**
 * The read cache's changes across instances: each local change is sent to the other instances
 * (`signalChange`), and theirs come in through the same `ReadCache.invalidate` (not sent again).
 * A change of anything ('all') may have changed where a site is served, so the site targets are
 * read again too (a write that changed no table a menu reads but content items, 'pages' and
 * 'items', wrote no site either: see repositories/menus.ts); after a lost connection everything
 * is forgotten (changes may have been missed). A change too long for one signal is sent as 'all'.
 */
import type { CacheChange, ReadCache } from './read-cache';
import { encodeSignal, type Signals } from './signals';

export const CACHE_SIGNAL = 'cache';

export function signalChange(signals: Signals, change: CacheChange): Promise<void> {
  const fits = encodeSignal('origin:0', CACHE_SIGNAL, change) !== undefined;
  return signals.send(CACHE_SIGNAL, fits ? change : { kind: 'all' });
}

function asChange(payload: unknown): CacheChange {
  const change = payload as Partial<{
    kind: string;
    contentId: unknown;
    contentIds: unknown;
    settings: unknown;
  }> | null;
  if (change?.kind === 'pages') return { kind: 'pages' };
  const ids = change?.contentIds;
  const settings = change?.settings;
  if (change?.kind === 'items' && isTextList(ids) && isTextList(settings)) {
    return { kind: 'items', contentIds: ids, settings };
  }
  return change?.kind === 'lock' && typeof change.contentId === 'string'
    ? { kind: 'lock', contentId: change.contentId }
    : { kind: 'all' };
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Applies other instances' changes to `cache`; `refreshTargets` re-reads the site targets. */
export function applyRemoteChanges(
  signals: Signals,
  cache: ReadCache,
  refreshTargets: () => Promise<void>,
): void {
  const apply = (change: CacheChange) => {
    cache.invalidate(change);
    return change.kind === 'all' ? refreshTargets() : undefined;
  };
  signals.on(CACHE_SIGNAL, (payload) => apply(asChange(payload)));
  signals.onResync(() => apply({ kind: 'all' }));
}
