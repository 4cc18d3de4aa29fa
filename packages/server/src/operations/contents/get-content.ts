/** Reads one content item in a variant (§7 Content): latest, latest publishable, published or a version. */
import type { Content } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { listVersions, loadContent, pickVersion, type Variant } from '../../repositories/contents';
import { itemOr404 } from './guards';

const NO_VERSION: Record<Variant, string> = {
  latest: 'has no versions',
  latestpublishable: 'has no staged or published version',
  published: 'has no published version',
};

export async function readContentVersion(
  db: Db,
  actor: Actor,
  contentId: string,
  which: Variant | number,
): Promise<Content> {
  const item = await itemOr404(db, contentId);
  // Published-only callers (public delivery, read keys) see published versions of any item and
  // nothing else; everyone else needs Read on the item.
  const permissions = actor.publishedOnly ? [] : await permissionsOn(db, actor, contentId);
  if (!actor.publishedOnly && !permissions.includes('Read')) {
    fail('FORBIDDEN', 'You need the Read permission on this item to see it', {
      permission: 'Read',
      content_id: contentId,
    });
  }
  requireVariantAllowed(actor, which);
  const versions = await listVersions(db, contentId);
  const version =
    typeof which === 'number'
      ? versions.find((v) => v.version === which)
      : pickVersion(versions, which);
  if (!version) {
    if (typeof which === 'number')
      fail('VERSION_NOT_FOUND', `Version ${which} of content ${contentId} was not found`);
    fail('VERSION_NOT_FOUND', `Content ${contentId} ${NO_VERSION[which]}`);
  }
  if (actor.publishedOnly && version.status_id !== 'published')
    fail('FORBIDDEN', 'This caller may only read published content');
  return loadContent(db, item, version, permissions);
}

/** Callers limited to published content never see drafts or staged versions. */
export function requireVariantAllowed(actor: Actor, which: Variant | number): void {
  if (actor.publishedOnly && which !== 'published' && typeof which !== 'number') {
    fail('FORBIDDEN', 'This caller may only read published content');
  }
}
