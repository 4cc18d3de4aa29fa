/**
 * What the page editor needs beside the content and its templates to show a page as its site
 * renders it: everything the site's pages share on the preview target (menu, footer, templates,
 * field names, linked pages, micro-apps), where that target is served, and the page's address.
 */
import { siteHref, type SiteData } from '@canopy/site/data';
import { requirePermission } from '../../access/permissions';
import { fail } from '../../errors';
import { STYLESHEET_URL } from '../../publishing/builds';
import { targetsOf, type PublishingConfig } from '../../publishing/config';
import { loadSnapshot } from '../../publishing/source';
import { itemOr404 } from '../contents/guards';
import type { OpContext } from '../context';

export interface EditingContext {
  content_id: string;
  site_id: string;
  /** The preview target's base path: links on the page lead to its pages. */
  base_path: string;
  stylesheet: string;
  site: SiteData;
}

export async function readEditingContext(
  ctx: OpContext,
  publishing: PublishingConfig,
  contentId: string,
): Promise<EditingContext> {
  // access: whoever may read the item may open it in the page editor (writes check their own)
  const item = await itemOr404(ctx.db, contentId);
  await requirePermission(ctx.db, ctx.actor, contentId, 'Read');
  // validate: only content of a site is a page
  if (!item.site_id)
    fail('VALIDATION_FAILED', 'This item belongs to no site, so it has no page to edit in-page');
  // read: the preview target's shared data
  const snapshot = await loadSnapshot(ctx.db, item.site_id, 'preview');
  const basePath = targetsOf(publishing, item.site_id).preview.basePath;
  const stylesheet = siteHref(basePath, STYLESHEET_URL);
  const { basePath: _base, stylesheet: _css, ...site } = snapshot.context(basePath, stylesheet);
  return { content_id: contentId, site_id: item.site_id, base_path: basePath, stylesheet, site };
}
