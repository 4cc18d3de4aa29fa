/** Published and staged versions with a publish or unpublish date: the scheduled changes. */
import { normaliseDate } from '@canopy/core';
import type { Db } from '../db/index';

/** A stored date as milliseconds. */
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
