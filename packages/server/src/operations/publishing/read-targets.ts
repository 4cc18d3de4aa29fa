/** Where a site's delivery and preview targets are served, for links from the admin. */
import { targetLinks, type PublishingConfig } from '../../publishing/config';
import type { OpContext } from '../context';
import { requireSiteReader } from './guards';

export type SiteTargetLinks = ReturnType<typeof targetLinks>;

export async function readTargets(
  ctx: OpContext,
  config: PublishingConfig,
  publicUrl: string,
  siteId: string,
): Promise<SiteTargetLinks> {
  // access
  await requireSiteReader(ctx.db, ctx.actor, siteId);
  // read
  return targetLinks(config, publicUrl, siteId);
}
