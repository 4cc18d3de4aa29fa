/**
 * Delivery reads (§7 Content): a page by site and Page URL, and a site's page URLs, in the
 * published variant (live published versions only) or latest publishable (preview).
 */
import { nextPublishBoundary, type Content, type VersionStatus } from '@canopy/core';
import type { ReadCache } from '../../cache/read-cache';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import type { ContentVersionRow } from '../../db/schema';
import { fail } from '../../errors';
import { pickVersion } from '../../repositories/contents';
import { siteOr404 } from '../../repositories/sites';
import { readableFilter } from '../../access/permissions';
import { readContentVersion, requireVariantAllowed } from './get-content';

type DeliveryVariant = 'published' | 'latestpublishable';

const STATUSES: Record<DeliveryVariant, VersionStatus[]> = {
  published: ['published'],
  latestpublishable: ['staged', 'published'],
};

/** Each content item of a site with the version the variant shows. */
async function siteVersions(
  db: Db,
  siteId: string,
  variant: DeliveryVariant,
  only: { pageUrl: string } | { readableBy: Actor },
): Promise<Map<string, ContentVersionRow>> {
  const pageUrl = 'pageUrl' in only ? only.pageUrl : undefined;
  let candidates = db
    .selectFrom('content_versions as v')
    .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
    .select('v.content_id')
    .where('i.site_id', '=', siteId)
    .where('v.status_id', 'in', STATUSES[variant]);
  // One page is looked up whatever the caller may read (reading it then answers 403 or the
  // page); a list holds only what the caller may read.
  candidates =
    'pageUrl' in only
      ? candidates.where('v.page_url', '=', only.pageUrl)
      : candidates.where(readableFilter(only.readableBy, 'content_items', 'i.content_id'));
  const versions = await db
    .selectFrom('content_versions')
    .selectAll()
    .where('content_id', 'in', candidates)
    .where('status_id', 'in', STATUSES[variant])
    .execute();
  const byContent = new Map<string, ContentVersionRow[]>();
  for (const version of versions)
    byContent.set(version.content_id, [...(byContent.get(version.content_id) ?? []), version]);
  const shown = new Map<string, ContentVersionRow>();
  for (const [contentId, list] of byContent) {
    const version = pickVersion(list, variant);
    if (version && version.page_url && (pageUrl === undefined || version.page_url === pageUrl))
      shown.set(contentId, version);
  }
  return shown;
}

/** The next moment a page's published output may change by date alone. */
function nextBoundary(versions: readonly ContentVersionRow[], now: number): number {
  return nextPublishBoundary(
    versions.flatMap((version) => [version.publish_date, version.unpublish_date]),
    now,
  );
}

/** The read cache's key of a published page: callers with the same roles share one entry. */
export function publishedPageKey(actor: Actor, siteId: string, pageUrl: string): string {
  const who = actor.publishedOnly
    ? 'public'
    : actor.isAdmin
      ? 'admin'
      : [...actor.roleIds].sort().join(',');
  return `page:${who}:${siteId}\n${pageUrl}`;
}

/**
 * The published page as JSON (UTF-8 bytes): at once from the read cache when it has it, else
 * read, cached and sent. A reply depends on the caller only through their roles (the permissions
 * it lists, and whether Read is granted at all), so callers with the same roles share one entry;
 * a refusal is never cached.
 */
export function readPublishedPageJson(
  db: Db,
  cache: ReadCache,
  actor: Actor,
  siteId: string,
  pageUrl: string,
): Buffer | Promise<Buffer> {
  const key = publishedPageKey(actor, siteId, pageUrl);
  return cache.get(key) ?? readAndCachePage(db, cache, key, actor, siteId, pageUrl);
}

async function readAndCachePage(
  db: Db,
  cache: ReadCache,
  key: string,
  actor: Actor,
  siteId: string,
  pageUrl: string,
): Promise<Buffer> {
  const readAt = cache.generation();
  const page = await readPageByUrl(db, actor, siteId, pageUrl, 'published');
  const versions = await db
    .selectFrom('content_versions')
    .selectAll()
    .where('content_id', '=', page.content_id)
    .where('status_id', '=', 'published')
    .execute();
  const body = JSON.stringify(page);
  return cache.set(key, body, {
    readAt,
    expires: nextBoundary(versions, Date.now()),
    content: page.content_id,
  });
}

export async function readPageByUrl(
  db: Db,
  actor: Actor,
  siteId: string,
  pageUrl: string,
  variant: DeliveryVariant,
): Promise<Content> {
  requireVariantAllowed(actor, variant);
  await siteOr404(db, { id: siteId });
  const [match] = await siteVersions(db, siteId, variant, { pageUrl });
  if (!match)
    fail(
      'CONTENT_NOT_FOUND',
      `No ${variant === 'published' ? 'published' : 'publishable'} page has the URL ${pageUrl} on this site`,
    );
  return readContentVersion(db, actor, match[0], match[1].version);
}

export interface PageUrl {
  content_id: string;
  content_name: string;
  page_url: string;
  version: number;
}

export async function listPageUrls(
  db: Db,
  actor: Actor,
  siteId: string,
  variant: DeliveryVariant,
): Promise<PageUrl[]> {
  requireVariantAllowed(actor, variant);
  await siteOr404(db, { id: siteId });
  const shown = await siteVersions(db, siteId, variant, { readableBy: actor });
  return [...shown.values()]
    .map((v) => ({
      content_id: v.content_id,
      content_name: v.content_name,
      page_url: v.page_url!,
      version: v.version,
    }))
    .sort((a, b) => a.page_url.localeCompare(b.page_url));
}
