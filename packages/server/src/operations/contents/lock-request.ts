/**
 * Request the lock and its handover: someone with Edit asks the holder of an item's lock for it;
 * the holder hands it over (the lock passes to the one who asked, in one compare-and-set) or
 * declines. One request per item at a time. Requests are kept in memory; with several instances
 * each one made or answered is shared with the others (`share`, applied there by `apply`), so
 * the holder answers on whichever instance they talk to. Every step is published to the two
 * people involved.
 */
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { fail } from '../../errors';
import type { LiveEventInput } from '../../live/hub';
import { now } from '../context';
import { itemOr404, requireAllowed, requireCommandPermission } from './guards';
import { lapseCutoff } from '../../repositories/lock-lease';

export interface LockRequest {
  content_id: string;
  /** Who asked, and their display name. */
  from: string;
  from_name: string;
  /** Who held the lock when they asked. */
  holder: string;
  requested_date: string;
}

export type Answer = 'handover' | 'decline';

/** A request made or closed, as shared between instances. */
export type RequestWord =
  { word: 'asked'; request: LockRequest } | { word: 'closed'; content_id: string };

export interface LockRequestsOptions {
  /** Tells the other instances (resolves once they were told). */
  share?: (word: RequestWord) => Promise<void>;
  /** The item's lock moved: caches here and on the other instances forget its lock state. */
  lockMoved?: (contentId: string) => Promise<void>;
}

export class LockRequests {
  private readonly pending = new Map<string, LockRequest>();
  private readonly share: (word: RequestWord) => Promise<void>;
  private readonly lockMoved: (contentId: string) => Promise<void>;

  constructor(
    private readonly publish: (event: LiveEventInput) => void,
    options: LockRequestsOptions = {},
  ) {
    this.share = options.share ?? (() => Promise.resolve());
    this.lockMoved = options.lockMoved ?? (() => Promise.resolve());
  }

  /** Another instance's request or answer. */
  apply(payload: unknown): void {
    const word = payload as Partial<{ word: string; request: unknown; content_id: unknown }> | null;
    if (word?.word === 'asked' && isRequest(word.request)) {
      this.pending.set(word.request.content_id, word.request);
    } else if (word?.word === 'closed' && typeof word.content_id === 'string') {
      this.pending.delete(word.content_id);
    }
  }

  /** The open request for the item, if its holder still holds the lock. */
  find(contentId: string, holder: string | null): LockRequest | null {
    const request = this.pending.get(contentId);
    return request && request.holder === holder ? request : null;
  }

  async request(db: Db, actor: Actor, contentId: string): Promise<LockRequest> {
    const item = await itemOr404(db, contentId);
    const permissions = await requireCommandPermission(db, actor, item, 'requestLock');
    await requireAllowed(
      db,
      'requestLock',
      { permissions, lockedBy: item.locked_by, me: actor.username },
      item,
    );
    const holder = item.locked_by!;
    const open = this.find(contentId, holder);
    if (open && open.from !== actor.username) {
      fail('CONFLICT', `${open.from_name} has already asked for the lock`);
    }
    const request: LockRequest = {
      content_id: contentId,
      from: actor.username,
      from_name: actor.displayName,
      holder,
      requested_date: now(),
    };
    this.pending.set(contentId, request);
    await this.share({ word: 'asked', request });
    this.publish({
      type: 'lock-request',
      content_id: contentId,
      step: 'requested',
      by: actor.username,
      by_name: actor.displayName,
      to: [holder, actor.username],
    });
    return request;
  }

  /** The holder's answer; a handover moves the lock to the one who asked. */
  async answer(db: Db, actor: Actor, contentId: string, answer: Answer): Promise<LockRequest> {
    const item = await itemOr404(db, contentId);
    await requireAllowed(
      db,
      'handOverLock',
      { lockedBy: item.locked_by, me: actor.username },
      item,
    );
    const request = this.find(contentId, actor.username);
    if (!request) fail('NOT_FOUND', 'Nobody has asked for the lock of this content');
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
      await this.lockMoved(contentId);
    }
    this.pending.delete(contentId);
    await this.share({ word: 'closed', content_id: contentId });
    const step = answer === 'handover' ? 'handed-over' : 'declined';
    this.publish({
      type: 'lock-request',
      content_id: contentId,
      step,
      by: actor.username,
      by_name: actor.displayName,
      to: [request.from, actor.username],
    });
    if (answer === 'handover') {
      this.publish({
        type: 'content',
        content_id: contentId,
        action: 'handover',
        by: actor.username,
        by_name: actor.displayName,
      });
    }
    return request;
  }
}

function isRequest(value: unknown): value is LockRequest {
  const request = value as Partial<Record<keyof LockRequest, unknown>> | null;
  return (['content_id', 'from', 'from_name', 'holder', 'requested_date'] as const).every(
    (key) => typeof request?.[key] === 'string',
  );
}
