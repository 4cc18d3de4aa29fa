/** The checks every write to a content version shares (DESIGN §4), in one place. */
import { lockedByMessage, refusal, type Permission, type VersionStatus } from '@canopy/core';
import { displayNameOf, type Actor } from '../../auth/actor';
import { requirePermission } from '../../access/permissions';
import type { Db } from '../../db/index';
import type { ContentItemRow, ContentVersionRow } from '../../db/schema';
import { fail, notFound } from '../../errors';
import { findItem, findVersion } from '../../repositories/contents';

export async function itemOr404(db: Db, contentId: string): Promise<ContentItemRow> {
  return (await findItem(db, contentId)) ?? notFound('Content', contentId);
}

export async function versionOr404(
  db: Db,
  contentId: string,
  version: number,
): Promise<ContentVersionRow> {
  return (
    (await findVersion(db, contentId, version)) ??
    fail('VERSION_NOT_FOUND', `Version ${version} of content ${contentId} was not found`)
  );
}

/** The display name of a lock owner, for 'Content has been locked by <name>'. */
export async function ownerName(db: Db, username: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'given_name', 'family_name'])
    .where('username', '=', username)
    .executeTakeFirst();
  return user ? displayNameOf(user) : username;
}

/** Refuses with 423 and the spec's Failure message when someone else holds the lock. */
export async function failLockedByOther(
  db: Db,
  item: Pick<ContentItemRow, 'content_id' | 'locked_by'>,
): Promise<never> {
  const owner = item.locked_by!;
  fail('CONTENT_LOCKED', lockedByMessage(await ownerName(db, owner)), {
    status: 'Failure',
    content_id: item.content_id,
    locked_by: owner,
  });
}

/** The caller must hold the item's lock: 409 when nobody does, 423 when someone else does. */
export async function requireLockHolder(db: Db, actor: Actor, item: ContentItemRow): Promise<void> {
  if (item.locked_by === actor.username) return;
  if (item.locked_by == null) fail('NOT_LOCKED', 'Lock the content before changing it');
  await failLockedByOther(db, item);
}

export function requireStatus(
  version: ContentVersionRow,
  status: VersionStatus,
  action: string,
): void {
  if (version.status_id === status) return;
  if (version.status_id === 'published') {
    fail(
      'VERSION_NOT_EDITABLE',
      `Version ${version.version} is published and never changes; create a draft from it first`,
    );
  }
  fail(
    'VERSION_NOT_EDITABLE',
    `${action} needs a ${status} version; version ${version.version} is ${version.status_id}`,
  );
}

export interface WritableVersion {
  item: ContentItemRow;
  version: ContentVersionRow;
  permissions: Permission[];
}

/**
 * Everything a write to a content version needs: the item exists, the caller has Edit on it and
 * holds its lock, and the version exists and is a draft.
 */
export async function requireWritableVersion(
  db: Db,
  actor: Actor,
  contentId: string,
  versionNumber: number,
): Promise<WritableVersion> {
  const item = await itemOr404(db, contentId);
  const permissions = await requirePermission(db, actor, contentId, 'Edit');
  return { ...(await requireEditableDraft(db, actor, item, versionNumber)), permissions };
}

/** The rest of the write rule once Edit is known: the caller's lock and a draft version. */
export async function requireEditableDraft(
  db: Db,
  actor: Actor,
  item: ContentItemRow,
  versionNumber: number,
): Promise<Omit<WritableVersion, 'permissions'>> {
  await requireLockHolder(db, actor, item);
  const version = await versionOr404(db, item.content_id, versionNumber);
  if (refusal('save', { status: version.status_id as VersionStatus })) {
    requireStatus(version, 'draft', 'Editing');
  }
  return { item, version };
}
