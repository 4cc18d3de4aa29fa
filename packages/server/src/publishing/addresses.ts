/**
 * Which site, target and page an address names (publishing/config.ts says each target's hosts
 * and base path), and the paths that are never pages.
 */
import type { SiteMode } from '@canopy/site/data';
import type { Db } from '../db/index';
import { targetsOf, type PublishingConfig } from './config';

/** Paths under these are never pages. */
export const RESERVED = [
  '/api',
  '/admin',
  '/oidc',
  '/media-library',
  '/healthz',
  '/readyz',
  '/metrics',
];

export interface ResolvedAddress {
  siteId: string;
  mode: SiteMode;
  basePath: string;
  pageUrl: string;
}

/** Which site, target and page an address names: host names first, then base paths. */
export async function resolveAddress(
  db: Db,
  config: PublishingConfig,
  host: string | undefined,
  path: string,
): Promise<ResolvedAddress | undefined> {
  const sites = await db
    .selectFrom('sites')
    .select(['site_id', 'created_date'])
    .orderBy('created_date')
    .execute();
  if (sites.length === 0) return undefined;
  const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const defaultSite = config.defaultSiteId ?? sites[0]!.site_id;
  const candidates: { siteId: string; mode: SiteMode; basePath: string; score: number }[] = [];
  for (const { site_id } of sites) {
    const targets = targetsOf(config, site_id);
    for (const mode of ['preview', 'delivery'] as const) {
      const { hosts, basePath } = targets[mode];
      const hostMatch = hosts.length > 0 ? hosts.includes(hostname) : site_id === defaultSite;
      if (!hostMatch) continue;
      const within = basePath === '/' || path === basePath || path.startsWith(`${basePath}/`);
      if (!within) continue;
      candidates.push({
        siteId: site_id,
        mode,
        basePath,
        score: (hosts.length > 0 ? 1000 : 0) + basePath.length,
      });
    }
  }
  const best = candidates.sort((a, b) => b.score - a.score)[0];
  if (!best) return undefined;
  const rest = best.basePath === '/' ? path : path.slice(best.basePath.length);
  const pageUrl = rest.replace(/\/+$/, '') || '/';
  return { siteId: best.siteId, mode: best.mode, basePath: best.basePath, pageUrl };
}
