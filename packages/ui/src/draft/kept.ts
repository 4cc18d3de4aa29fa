/**
 * Unsaved changes kept in the browser (IndexedDB, through idb-keyval) while an editor edits, so
 * that a closed tab, a sleeping laptop or a lapsed lock loses nothing: when the same person opens
 * the same version again, the editor offers them back. Kept per person, item and version; gone
 * once they are saved or discarded.
 */
import { useCallback, useEffect, useState } from 'react';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { DraftContent } from './contract';
import { collectChanges, hasChanges } from './draft';

export interface KeptDraft {
  draft: DraftContent;
  /** The save the changes were typed on (the version's `updated_date` then). */
  basedOn: string;
  /** When they were last kept (ISO). */
  keptAt: string;
}

/** How long after the last keystroke the draft is written (one write per pause in typing). */
const KEEP_AFTER_MS = 300;

let database: UseStore | null | undefined;
/** The IndexedDB store, opened on first use; null where the browser has no IndexedDB. */
function keptStore(): UseStore | null {
  database ??= typeof indexedDB === 'undefined' ? null : createStore('canopy-unsaved', 'drafts');
  return database;
}

export function keptKey(me: string, contentId: string, version: number): string {
  return `${me}:${contentId}:${version}`;
}

/** A browser that refuses storage (private mode, full disk) keeps nothing, and says nothing. */
async function quietly<T>(work: (store: UseStore) => Promise<T>): Promise<T | undefined> {
  const store = keptStore();
  if (!store) return undefined;
  try {
    return await work(store);
  } catch {
    return undefined;
  }
}

export const readKept = (key: string) => quietly((store) => get<KeptDraft>(key, store));
export const writeKept = (key: string, kept: KeptDraft) =>
  quietly((store) => set(key, kept, store));
export const dropKept = (key: string) => quietly((store) => del(key, store));
/** Signing out leaves nothing typed behind in this browser (a shared computer). */
export const dropAllKept = () => quietly((store) => clear(store));

/**
 * Keeps `draft` while it holds changes and drops it once it holds none (saved or discarded).
 * `offer` is what an earlier visit left behind (undefined while it is being read, null when
 * there is none); nothing is written over it until `settle` is called (restored or discarded)
 * or the person types anew.
 */
export function useKeptDraft(
  key: string,
  draft: DraftContent,
  dirty: boolean,
): { offer: KeptDraft | null | undefined; settle: () => void } {
  const [offer, setOffer] = useState<KeptDraft | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readKept(key).then((kept) => {
      if (live) setOffer(kept && hasChanges(collectChanges(kept.draft)) ? kept : null);
    });
    return () => {
      live = false;
    };
  }, [key]);
  useEffect(() => {
    if (offer === undefined) return;
    if (!dirty) {
      if (offer === null) void dropKept(key);
      return;
    }
    const timer = setTimeout(
      () =>
        void writeKept(key, {
          draft,
          basedOn: draft.updated_date,
          keptAt: new Date().toISOString(),
        }),
      KEEP_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [key, draft, dirty, offer]);
  const settle = useCallback(() => setOffer(null), []);
  return { offer, settle };
}
