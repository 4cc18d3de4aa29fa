/**
 * Page models of a site's target for a builder elsewhere (`canopy build --api`): exactly what a
 * build here renders for those page URLs, so the same renderer there writes the same files.
 */
import type { SiteMode } from '@canopy/site/data';
import { fail } from '../../errors';
import { STYLESHEET_URL } from '../../publishing/builds';
import type { PageModels } from '../../publishing/page-models';
import type { SnapshotMemo } from '../../publishing/snapshot-memo';
import { loadSnapshot, variantOf } from '../../publishing/source';
import { requireVariantAllowed } from '../contents/get-content';
import type { OpContext } from '../context';
import { siteOr404 } from '../../repositories/sites';
import { requireSiteReader } from './guards';

/** The most page URLs one call answers. */
export const PAGE_MODELS_BATCH = 200;

export async function readPageModels(
  ctx: OpContext,
  siteId: string,
  mode: SiteMode,
  request: { urls: string[]; notFound: boolean },
  /** Shares one snapshot across a remote build's calls; without it each call reads its own. */
  snapshots?: SnapshotMemo,
): Promise<PageModels> {
  // access: a published-content caller reads the delivery target only; anyone else needs Read
  // on the site's root, like every other publishing read.
  if (ctx.actor.publishedOnly) {
    requireVariantAllowed(ctx.actor, variantOf(mode));
    await siteOr404(ctx.db, { id: siteId });
  } else {
    await requireSiteReader(ctx.db, ctx.actor, siteId);
  }
  // validate
  if (request.urls.length > PAGE_MODELS_BATCH)
    fail('VALIDATION_FAILED', `Ask for at most ${PAGE_MODELS_BATCH} page URLs at a time`);
  // read: the target's snapshot, with the base path and stylesheet of `canopy build`
  const snapshot = await (snapshots
    ? snapshots.get(ctx.db, siteId, mode)
    : loadSnapshot(ctx.db, siteId, mode));
  const urls = [...new Set(request.urls)];
  const inputs = await snapshot.models(urls, '/', STYLESHEET_URL);
  const found = new Set(inputs.map((input) => input.url));
  const reply: PageModels = {
    site_id: siteId,
    mode,
    models: inputs.map((input) => input.model),
    missing: urls.filter((url) => !found.has(url)),
  };
  if (request.notFound) reply.not_found = (await snapshot.notFoundModel('/', STYLESHEET_URL)).model;
  return reply;
}
