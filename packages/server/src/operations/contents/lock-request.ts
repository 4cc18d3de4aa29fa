/**
 * Request the lock and its handover: someone with Edit asks the holder of an item's lock for it;
 * the holder hands it over (the lock passes to the one who asked, in one compare-and-set) or
 * declines. The open requests are kept by live/lock-requests.ts; every step is published to the
 * two people involved.
 */
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { fail } from '../../errors';
import type { Answer, LockRequest, LockRequests } from '../../live/lock-requests';
import { requirePermission } from '../../access/permissions';
import { now } from '../context';
import { itemOr404, requireAllowed, requireCommandPermission } from './guards';
import { lapseCutoff } from '../../repositories/lock-lease';

/** Asks the holder of the item's lock for it. */
export async function requestLock(
  db: Db,
  actor: Actor,
  requests: LockRequests,
  contentId: string,
): Promise<LockRequest> {
  // access
  const item = await itemOr404(db, contentId);
  const permissions = await requireCommandPermission(db, actor, item, 'requestLock');
  await requireAllowed(
    db,
    'requestLock',
    { permissions, lockedBy: item.locked_by, me: actor.username },
    item,
  );
  // validate
  const holder = item.locked_by!;
  const open = requests.find(contentId, holder);
  if (open && open.from !== actor.username) {
    fail('CONFLICT', `${open.from_name} has already asked for the lock`);
  }
  // write, notify
  const request: LockRequest = {
    content_id: contentId,
    from: actor.username,
    from_name: actor.displayName,
    holder,
    requested_date: now(),
  };
  await requests.open(request);
  requests.publish({
    type: 'lock-request',
    content_id: contentId,
    step: 'requested',
    by: actor.username,
    by_name: actor.displayName,
    to: [holder, actor.username],
  });
  return request;
}

/** The open request for the item's lock, if any, for a reader of the item. */
export async function readLockRequest(
  db: Db,
  actor: Actor,
  requests: LockRequests,
  contentId: string,
): Promise<LockRequest | null> {
  const item = await itemOr404(db, contentId);
  await requirePermission(db, actor, item.content_id, 'Read');
  return requests.find(item.content_id, item.locked_by);
}

/** The holder's answer; a handover moves the lock to the one who asked. */
export async function answerLockRequest(
  db: Db,
  actor: Actor,
  requests: LockRequests,
  contentId: string,
  answer: Answer,
): Promise<LockRequest> {
  // access
  const item = await itemOr404(db, contentId);
  await requireAllowed(db, 'handOverLock', { lockedBy: item.locked_by, me: actor.username }, item);
  // validate
  const request = requests.find(contentId, actor.username);
  if (!request) fail('NOT_FOUND', 'Nobody has asked for the lock of this content');
  // write, record
  if (answer === 'handover') {
    const result = await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('content_items')
        .set({ locked_by: request.from, locked_date: now() })
        .where('content_id', '=', contentId)
        .where('locked_by', '=', actor.username)
        .where((eb) =>
          eb.or([eb('locked_date', 'is', null), eb('locked_date', '>', lapseCutoff())]),
        )
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0) {
        await recordAudit(trx, actor, {
          action: 'handover',
          content_id: contentId,
          details: { to: request.from },
        });
      }
      return moved;
    });
    if (Number(result.numUpdatedRows) === 0) {
      fail('NOT_LOCKED', 'Lock the content before changing it');
    }
    // Before anyone hears of the handover: whoever reads the menus then sees the new holder.
    await requests.lockMoved(contentId);
  }
  // notify
  await requests.close(contentId);
  const step = answer === 'handover' ? 'handed-over' : 'declined';
  requests.publish({
    type: 'lock-request',
    content_id: contentId,
    step,
    by: actor.username,
    by_name: actor.displayName,
    to: [request.from, actor.username],
  });
  if (answer === 'handover') {
    requests.publish({
      type: 'content',
      content_id: contentId,
      action: 'handover',
      by: actor.username,
      by_name: actor.displayName,
    });
  }
  return request;
}
