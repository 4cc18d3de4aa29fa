/** Reads one content item in a variant (§7 Content): latest, latest publishable, published or a version. */
import type { Content, VersionStatus } from '@canopy/core';
import { lockExpiryDate } from '../../repositories/lock-lease';
import { displayNameOf, type Actor } from '../../auth/actor';
import { permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import type { ContentVersionRow } from '../../db/schema';
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
  const content = await loadContent(db, item, version, permissions);
  if (actor.publishedOnly) return content;
  return {
    ...content,
    ...(await versionsAndNames(db, versions, item.locked_by, version)),
    locked_date: item.locked_date,
    lock_expires_date: lockExpiryDate(item),
  };
}

/**
 * What an editor's header shows beside the content: every version (number, status, who, when)
 * and people's display names rather than their usernames.
 */
async function versionsAndNames(
  db: Db,
  versions: ContentVersionRow[],
  lockedBy: string | null,
  shown: ContentVersionRow,
): Promise<Pick<Content, 'versions' | 'locked_by_name' | 'updated_by_name'>> {
  const usernames = [
    ...new Set(
      [lockedBy, ...versions.map((v) => v.updated_by)].filter((u): u is string => u != null),
    ),
  ];
  const users =
    usernames.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['username', 'given_name', 'family_name'])
          .where('username', 'in', usernames)
          .execute();
  const names = new Map(users.map((user) => [user.username, displayNameOf(user)]));
  const nameOf = (username: string | null) =>
    username == null ? null : (names.get(username) ?? username);
  return {
    versions: [...versions]
      .sort((a, b) => a.version - b.version)
      .map((v) => ({
        version: v.version,
        status_id: v.status_id as VersionStatus,
        copied_from: v.copied_from,
        updated_date: v.updated_date,
        updated_by: v.updated_by,
        updated_by_name: nameOf(v.updated_by),
      })),
    locked_by_name: nameOf(lockedBy),
    updated_by_name: nameOf(shown.updated_by),
  };
}

/** Callers limited to published content never see drafts or staged versions. */
export function requireVariantAllowed(actor: Actor, which: Variant | number): void {
  if (actor.publishedOnly && which !== 'published' && typeof which !== 'number') {
    fail('FORBIDDEN', 'This caller may only read published content');
  }
}
