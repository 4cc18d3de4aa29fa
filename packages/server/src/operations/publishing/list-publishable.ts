/**
 * Publishable items (§3, §7): the content and templates changed since the last release to a
 * mode, and that release. Delivery: every item whose newest publishable version is staged (what
 * Publish promotes). Preview: every item whose newest publishable version changed after the last
 * preview release. Templates: changed after the last release to that mode (or after the site
 * was created, before any). Delivery also lists the dependencies (./dependencies.ts).
 */
import type { SiteMode } from '@canopy/site/data';
import type { OpContext } from '../context';
import { requireMode, requireSiteReader } from './guards';
import { instancesUsed } from '../microapps/instances-used';
import { findDependencies, type Dependency } from './dependencies';

export interface PublishableItems {
  content: {
    content_id: string;
    content_name: string;
    version: number;
    status_id: string;
    updated_date: string;
    updated_by: string | null;
    /** The micro-app instances the version places (ids), for the publish dialog. */
    microapp_instances: string[];
  }[];
  templates: {
    template_id: string;
    template_name: string;
    updated_date: string;
    updated_by: string | null;
  }[];
  last_published: {
    mode: SiteMode;
    date: string;
    released_by: string;
    build_id: string | null;
  } | null;
  /**
   * Delivery: what the pages delivery shows after the publish reference that it would not show
   * (empty for preview, which shows the latest publishable versions and promotes nothing).
   */
  dependencies: Dependency[];
}

export async function lastRelease(ctx: OpContext, siteId: string, mode: string) {
  return ctx.db
    .selectFrom('releases')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('mode', '=', mode)
    .orderBy('released_date', 'desc')
    .executeTakeFirst();
}

/** The newest staged or published version of each content item of a site. */
export async function latestPublishable(ctx: OpContext, siteId: string) {
  const rows = await ctx.db
    .selectFrom('content_versions as v')
    .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
    .select([
      'v.content_id',
      'v.content_name',
      'v.version',
      'v.status_id',
      'v.updated_date',
      'v.updated_by',
    ])
    .where('i.site_id', '=', siteId)
    .where('v.status_id', 'in', ['staged', 'published'])
    .orderBy('v.version', 'desc')
    .execute();
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.content_id)) newest.set(row.content_id, row);
  return [...newest.values()];
}

export async function listPublishable(
  ctx: OpContext,
  siteId: string,
  modeName: string,
): Promise<PublishableItems> {
  const mode = requireMode(modeName);
  const site = await requireSiteReader(ctx.db, ctx.actor, siteId);
  const last = await lastRelease(ctx, siteId, mode);
  const since = last?.released_date;
  const shown = await latestPublishable(ctx, siteId);
  const content = shown
    .filter((v) =>
      mode === 'delivery'
        ? v.status_id === 'staged'
        : since === undefined
          ? v.status_id === 'staged'
          : v.updated_date > since,
    )
    .sort((a, b) => b.updated_date.localeCompare(a.updated_date));
  const templates = await ctx.db
    .selectFrom('templates')
    .select(['template_id', 'template_name', 'updated_date', 'updated_by'])
    .where('updated_date', '>', since ?? site.created_date)
    .orderBy('updated_date', 'desc')
    .execute();
  const used = await instancesUsed(ctx.db, content);
  const dependencies = mode === 'delivery' ? await findDependencies(ctx, siteId, shown) : [];
  return {
    content: content.map((v) => ({
      ...v,
      microapp_instances: used.get(`${v.content_id}#${v.version}`) ?? [],
    })),
    templates,
    last_published: last
      ? { mode, date: last.released_date, released_by: last.released_by, build_id: last.build_id }
      : null,
    dependencies,
  };
}
