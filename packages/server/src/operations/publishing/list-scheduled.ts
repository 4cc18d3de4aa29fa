/**
 * A site's scheduled changes: published or staged versions whose publish date or unpublish date
 * is still to come. The scheduler rebuilds the delivery target when one passes.
 */
import { isDefaultDate, normaliseDate } from '@canopy/core';
import type { Db } from '../../db/index';
import type { OpContext } from '../context';
import { requireSiteReader } from './guards';

export interface ScheduledChange {
  content_id: string;
  content_name: string;
  page_url: string | null;
  version: number;
  status_id: string;
  change: 'publish' | 'unpublish';
  date: string;
}

export const dateMs = (date: string) => Date.parse(normaliseDate(date).replace(' ', 'T'));

/** Every dated version of a site (or of all sites) with its boundaries. */
export async function datedVersions(db: Db, siteId?: string) {
  return db
    .selectFrom('content_versions as v')
    .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
    .select([
      'i.site_id',
      'v.content_id',
      'v.content_name',
      'v.page_url',
      'v.version',
      'v.status_id',
      'v.publish_date',
      'v.unpublish_date',
    ])
    .where('v.status_id', 'in', ['staged', 'published'])
    .$if(siteId !== undefined, (q) => q.where('i.site_id', '=', siteId!))
    .where((eb) =>
      eb.or([
        eb('v.publish_date', '!=', '1970-01-01 12:00'),
        eb('v.unpublish_date', '!=', '1970-01-01 12:00'),
      ]),
    )
    .execute();
}

export async function listScheduled(ctx: OpContext, siteId: string): Promise<ScheduledChange[]> {
  await requireSiteReader(ctx.db, ctx.actor, siteId);
  const now = Date.now();
  const changes: ScheduledChange[] = [];
  for (const v of await datedVersions(ctx.db, siteId)) {
    for (const [change, date] of [
      ['publish', v.publish_date],
      ['unpublish', v.unpublish_date],
    ] as const) {
      if (isDefaultDate(date) || !(dateMs(date) > now)) continue;
      changes.push({
        content_id: v.content_id,
        content_name: v.content_name,
        page_url: v.page_url,
        version: v.version,
        status_id: v.status_id,
        change,
        date,
      });
    }
  }
  return changes.sort((a, b) => dateMs(a.date) - dateMs(b.date));
}
