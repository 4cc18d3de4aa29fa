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
