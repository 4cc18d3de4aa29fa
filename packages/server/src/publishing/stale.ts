/**
 * Which pages a change makes stale, decided here only. A page the target's last build stored is
 * kept when that build was rendered by the same code for the same base path and every input the
 * page read (its dependencies) still has the stamp it had then; every other page the snapshot
 * shows is stale and rendered again. The not-found page follows the same rule.
 */
import type { Dependencies } from '@canopy/site/data';
import type { SiteSnapshot } from './source';
import type { Manifest, ManifestPage } from './store';

/** The same keys with the same stamps in the snapshot: what the page read has not changed. */
export const unchanged = (snapshot: Pick<SiteSnapshot, 'stamp'>, deps: Dependencies): boolean =>
  Object.entries(deps).every(([key, value]) => snapshot.stamp(key) === value);

export interface Staleness {
  /** Pages kept from the last build, by URL (with the content id the snapshot names). */
  kept: Record<string, ManifestPage>;
  /** URLs of the pages to render again, in the snapshot's order. */
  stale: string[];
  /** The last build's not-found page, when it is kept. */
  notFound: ManifestPage | undefined;
}

export function staleness(
  snapshot: Pick<SiteSnapshot, 'pages' | 'stamp'>,
  previous: Manifest | undefined,
  renderer: string,
  basePath: string,
): Staleness {
  const reusable = previous?.renderer === renderer && previous.base_path === basePath;
  const kept: Record<string, ManifestPage> = {};
  const stale: string[] = [];
  for (const [url, contentId] of snapshot.pages) {
    const before = reusable ? previous.pages[url] : undefined;
    if (before && unchanged(snapshot, before.deps)) {
      kept[url] = before.content_id === contentId ? before : { ...before, content_id: contentId };
    } else stale.push(url);
  }
  const notFound =
    reusable && unchanged(snapshot, previous.not_found.deps) ? previous.not_found : undefined;
  return { kept, stale, notFound };
}
