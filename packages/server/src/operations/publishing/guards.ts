/** Shared checks of the publishing operations. */
import { COMMANDS, type Permission } from '@canopy/core';
import type { SiteMode } from '@canopy/site/data';
import type { Actor } from '../../auth/actor';
import { requirePermission } from '../../access/permissions';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { siteOr404 } from '../../repositories/sites';

export const MODES: SiteMode[] = ['preview', 'delivery'];

export function requireMode(mode: string): SiteMode {
  if (!MODES.includes(mode as SiteMode))
    fail('VALIDATION_FAILED', `mode must be "preview" or "delivery", got "${mode}"`);
  return mode as SiteMode;
}

/**
 * The site, when the actor holds `permission` on its root item: Edit to publish it, Read to see
 * its releases and builds. Administrators hold both everywhere; API keys limited to published
 * content hold neither.
 */
export async function requireOnSite(db: Db, actor: Actor, siteId: string, permission: Permission) {
  const site = await siteOr404(db, { id: siteId });
  if (actor.isAdmin) return site;
  if (actor.publishedOnly || !site.root_content_id)
    fail('FORBIDDEN', `You need the ${permission} permission on the site to do that`);
  await requirePermission(db, actor, site.root_content_id, permission);
  return site;
}

/** Publishing to a target needs its command's permission (core's workflow) on the site's root. */
export const requirePublisher = (db: Db, actor: Actor, siteId: string, mode: SiteMode) =>
  requireOnSite(
    db,
    actor,
    siteId,
    COMMANDS[mode === 'preview' ? 'publishToPreview' : 'publishToDelivery'].permission,
  );
export const requireSiteReader = (db: Db, actor: Actor, siteId: string) =>
  requireOnSite(db, actor, siteId, 'Read');
