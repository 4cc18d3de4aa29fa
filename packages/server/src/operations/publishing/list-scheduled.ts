/**
 * A site's scheduled changes: published or staged versions whose publish date or unpublish date
 * is still to come. The scheduler rebuilds the delivery target when one passes.
 */
import { isDefaultDate } from '@canopy/core';
import { datedVersions, dateMs } from '../../repositories/dated-versions';
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
