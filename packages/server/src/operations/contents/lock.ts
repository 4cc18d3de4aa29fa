/**
 * Lock and unlock (§4 Lock). The lock is a compare-and-set in the database, so of any number of
 * racing requests exactly one wins; the others get Failure with the owner's name. A lock lasts
 * its lease (repositories/lock-lease.ts) after it was taken or last renewed; locking again renews
 * it.
 */
import type { Flag } from '@canopy/core';
import { recordAudit } from '../../audit/record';
import { now, type OpContext } from '../context';
import { lapseCutoff } from '../../repositories/lock-lease';
import { fail } from '../../errors';
import {
  itemOr404,
  requireAllowed,
  requireCommandPermission,
  requireLock,
  versionsState,
} from './guards';
import { findItem, listVersions } from '../../repositories/contents';

export interface LockResult {
  status: 'Success';
  content_id: string;
  is_locked: Flag;
  locked_by: string | null;
}

export async function lockContent(
  { db, actor }: OpContext,
  contentId: string,
): Promise<LockResult> {
  // access
  const item = await itemOr404(db, contentId);
  await requireCommandPermission(db, actor, item, 'lock');
  // validate: locks are for non-published content (a published version needs a draft first)
  await requireAllowed(db, 'lock', versionsState(await listVersions(db, contentId)), item);
  // write: compare-and-set, so the lock rule (free, lapsed or yours) holds against racing
  // requests; the holder locking again renews the lease (a renewal is not recorded as a lock)
  const result = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('content_items')
      .set({ locked_by: actor.username, locked_date: now() })
      .where('content_id', '=', contentId)
      .where((eb) =>
        eb.or([
          eb('locked_by', 'is', null),
          eb('locked_by', '=', actor.username),
          eb('locked_date', '<=', lapseCutoff()),
        ]),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0 && item.locked_by !== actor.username) {
      await recordAudit(trx, actor, { action: 'lock', content_id: contentId });
    }
    return taken;
  });
  if (Number(result.numUpdatedRows) === 0) {
    const current = await findItem(db, contentId);
    if (current) await requireLock(db, actor, current, 'lock');
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
  const item = await itemOr404(db, contentId);
  await requireCommandPermission(db, actor, item, 'unlock');
  if (force && !actor.isAdmin)
    fail('FORBIDDEN', "Only an administrator can release someone else's lock");
  const result = await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('content_items')
      .set({ locked_by: null, locked_date: null })
      .where('content_id', '=', contentId);
    if (!force)
      update = update.where((eb) =>
        eb.or([
          eb('locked_by', 'is', null),
          eb('locked_by', '=', actor.username),
          eb('locked_date', '<=', lapseCutoff()),
        ]),
      );
    const released = await update.executeTakeFirst();
    if (Number(released.numUpdatedRows) > 0 && item.locked_by) {
      await recordAudit(trx, actor, {
        action: item.locked_by === actor.username ? 'unlock' : 'force-unlock',
        content_id: contentId,
        details: { holder: item.locked_by },
      });
    }
    return released;
  });
  if (Number(result.numUpdatedRows) === 0) {
    const current = await findItem(db, contentId);
    if (current) await requireLock(db, actor, current, 'unlock');
  }
  return { status: 'Success', content_id: contentId, is_locked: 0, locked_by: null };
}
