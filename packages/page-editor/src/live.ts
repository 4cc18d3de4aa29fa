/**
 * The page editor working beside others: the lock held here is renewed while open, others who
 * have the item open are named, and newer replies about the item (a lock taken or lapsed, a save
 * elsewhere) reach the store: the lock and versions at once, a newer save only when nothing is
 * unsaved here; otherwise `newer` is set and the editor asks first.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Content } from '@canopy/core';
import { useLockRenewal, usePresence, type Viewer } from '@canopy/ui';
import type { PageStore } from './store';

export interface PageLive {
  /** The item as the server last sent it (re-read when its lock or versions change). */
  loaded: Content;
  viewers: Viewer[];
  /** A newer save than the one being edited arrived while there are unsaved changes here. */
  newer: Content | null;
}

export function usePageLive(store: PageStore, fresh: Content, me: string): PageLive {
  const loaded = useSyncExternalStore(store.subscribe, () => store.loaded);
  const dirty = useSyncExternalStore(store.subscribe, () => store.dirty);
  // Only a reply read after the store's state counts: the editor's own commands reset the store
  // before the query is read again, and an older reply must not undo them.
  const applied = useRef(fresh);
  const newerSave = fresh.updated_date > loaded.updated_date;
  useEffect(() => {
    if (fresh === applied.current) return;
    if (fresh.updated_date === store.loaded.updated_date) {
      applied.current = fresh;
      store.refreshItem(fresh);
    } else if (fresh.updated_date > store.loaded.updated_date && !dirty) {
      applied.current = fresh;
      store.reset(fresh);
    }
  }, [fresh, store, dirty]);
  useLockRenewal(loaded, me);
  const viewers = usePresence(loaded.content_id, me);
  return { loaded, viewers, newer: newerSave && dirty ? fresh : null };
}
