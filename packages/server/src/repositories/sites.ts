/** Sites, found by id or by name. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/index';
import type { SitesTable } from '../db/schema';
import { fail } from '../errors';

/**
 * The site with this id (or name); 404 SITE_NOT_FOUND when there is none, saying what was
 * looked for.
 */
export async function siteOr404(
  db: Db,
  key: { id: string } | { name: string },
): Promise<Selectable<SitesTable>> {
  const sites = db.selectFrom('sites').selectAll();
  const site = await (
    'id' in key ? sites.where('site_id', '=', key.id) : sites.where('site_name', '=', key.name)
  ).executeTakeFirst();
  if (!site) {
    fail(
      'SITE_NOT_FOUND',
      'id' in key ? `Site ${key.id} was not found` : `No site is named "${key.name}"`,
    );
  }
  return site;
}
