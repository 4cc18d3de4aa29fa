/**
 * Lock and unlock (§4 Lock). The lock is a compare-and-set in the database, so of any number of
 * racing requests exactly one wins; the others get Failure with the owner's name.
 */
import type { OpContext } from '../context';
import { requirePermission } from '../../access/permissions';
import { fail } from '../../errors';
import { failLockedByOther, itemOr404 } from './guards';
import { findItem, listVersions } from '../../repositories/contents';

export interface LockResult {
  status: 'Success';
  content_id: string;
  is_locked: number;
  locked_by: string | null;
}

export async function lockContent(
  { db, actor }: OpContext,
  contentId: string,
): Promise<LockResult> {
  // access
  await itemOr404(db, contentId);
  await requirePermission(db, actor, contentId, 'Edit');
  // validate: locks are for non-published content (a published version needs a draft first)
  const versions = await listVersions(db, contentId);
  if (!versions.some((v) => v.status_id !== 'published')) {
    fail(
      'VERSION_NOT_EDITABLE',
      'This content has only published versions; create a draft from one to edit it',
    );
  }
  // write: compare-and-set
  const result = await db
    .updateTable('content_items')
    .set({ locked_by: actor.username })
    .where('content_id', '=', contentId)
    .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_by', '=', actor.username)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const current = await findItem(db, contentId);
    if (current?.locked_by) await failLockedByOther(db, current);
    fail('CONTENT_NOT_FOUND', `Content ${contentId} was not found`);
  }
  return { status: 'Success', content_id: contentId, is_locked: 1, locked_by: actor.username };
}

/** Only the owner unlocks; an administrator may release anyone's lock with `force`. */
export async function unlockContent(
  { db, actor }: OpContext,
  contentId: string,
  force = false,
): Promise<LockResult> {
  await itemOr404(db, contentId);
  await requirePermission(db, actor, contentId, 'Edit');
  if (force && !actor.isAdmin)
    fail('FORBIDDEN', "Only an administrator can release someone else's lock");
  let update = db
    .updateTable('content_items')
    .set({ locked_by: null })
    .where('content_id', '=', contentId);
  if (!force)
    update = update.where((eb) =>
      eb.or([eb('locked_by', 'is', null), eb('locked_by', '=', actor.username)]),
    );
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const current = await findItem(db, contentId);
    if (current?.locked_by) await failLockedByOther(db, current);
  }
  return { status: 'Success', content_id: contentId, is_locked: 0, locked_by: null };
}
