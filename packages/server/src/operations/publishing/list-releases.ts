/** A site's releases (what was published, by whom, when, which build), newest first. */
import type { Selectable } from 'kysely';
import type { SiteMode } from '@canopy/site/data';
import type { ReleasesTable } from '../../db/schema';
import type { OpContext } from '../context';
import { requireMode, requireSiteReader } from './guards';

export interface Release extends Omit<Selectable<ReleasesTable>, 'mode' | 'items'> {
  mode: SiteMode;
  /** What the release published (as publish records it). */
  items: { content: { content_id: string; version: number }[]; templates: string[] };
}

/** The most releases one call answers. */
export const RELEASES_LIMIT = 100;

export async function listReleases(
  ctx: OpContext,
  siteId: string,
  mode: string | undefined,
): Promise<Release[]> {
  // access
  await requireSiteReader(ctx.db, ctx.actor, siteId);
  // read
  const rows = await ctx.db
    .selectFrom('releases')
    .selectAll()
    .where('site_id', '=', siteId)
    .$if(mode !== undefined, (q) => q.where('mode', '=', requireMode(mode!)))
    .orderBy('released_date', 'desc')
    .limit(RELEASES_LIMIT)
    .execute();
  return rows.map((row) => ({
    ...row,
    mode: row.mode as SiteMode,
    items: JSON.parse(row.items) as Release['items'],
  }));
}
