/** A site's releases (what was published, by whom, when, which build), newest first. */
import type { Selectable } from 'kysely';
import type { ReleasesTable } from '../../db/schema';
import type { OpContext } from '../context';
import { requireMode, requireSiteReader } from './guards';

export interface Release extends Omit<Selectable<ReleasesTable>, 'items'> {
  /** What the release published: { content: [{ content_id, version }], templates: [template_id] }. */
  items: unknown;
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
  return rows.map((row) => ({ ...row, items: JSON.parse(row.items) as unknown }));
}
