/** GET registeredclient/{siteName}: a site's micro-apps with their versions and instances (§7). */
import type { OpContext } from '../context';
import { readMicroapps, type MicroappView } from '../../repositories/microapps';
import { siteOr404 } from '../../repositories/sites';
import { requireRegistryReader } from './rules';

export async function listSiteMicroapps(
  { db, actor }: OpContext,
  siteName: string,
): Promise<MicroappView[]> {
  // access
  requireRegistryReader(actor);
  // validate
  const site = await siteOr404(db, { name: siteName });
  // read
  return readMicroapps(db, { siteId: site.site_id });
}
