/** What the page's browser keeps of unsaved changes (IndexedDB 'canopy-unsaved'), as JSON texts. */
import type { Page } from 'playwright-core';

export function keptDrafts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('canopy-unsaved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve([]);
          const all = db.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => resolve(all.result.map((kept) => JSON.stringify(kept)));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Puts an entry where the editors keep unsaved changes, made as idb-keyval makes its store. */
export function keepDraft(page: Page, key: string, value: unknown): Promise<void> {
  return page.evaluate(
    ([key, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('canopy-unsaved');
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const put = open.result.transaction('drafts', 'readwrite').objectStore('drafts');
          const request = put.put(value, key);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        };
      }),
    [key, value] as const,
  );
}
