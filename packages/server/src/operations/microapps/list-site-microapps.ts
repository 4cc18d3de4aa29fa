/** GET registeredclient/{siteName}: a site's micro-apps with their versions and instances (§7). */
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { readMicroapps, type MicroappView } from '../../repositories/microapps';
import { requireRegistryReader } from './rules';

export async function listSiteMicroapps(
  { db, actor }: OpContext,
  siteName: string,
): Promise<MicroappView[]> {
  // access
  requireRegistryReader(actor);
  // validate
  const site = await db
    .selectFrom('sites')
    .select('site_id')
    .where('site_name', '=', siteName)
    .executeTakeFirst();
  if (!site) fail('SITE_NOT_FOUND', `No site is named "${siteName}"`);
  // read
  return readMicroapps(db, { siteId: site.site_id });
}
