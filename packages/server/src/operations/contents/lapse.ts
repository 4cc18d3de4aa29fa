/**
 * Releasing lapsed locks. A lapsed lock is already nobody's for every rule
 * (repositories/lock-lease.ts); releasing it clears it from the database, so lists and menus stop
 * showing it and the people watching the item hear about it.
 */
import { recordAudit } from '../../audit/record';
import { SYSTEM_ACTOR } from '../../auth/actor';
import type { Db } from '../../db/index';
import { lapseCutoff } from '../../repositories/lock-lease';

export interface LapsedLock {
  content_id: string;
  locked_by: string;
}

export async function releaseLapsedLocks(db: Db, now = Date.now()): Promise<LapsedLock[]> {
  const cutoff = lapseCutoff(now);
  const lapsed = await db
    .selectFrom('content_items')
    .select(['content_id', 'locked_by'])
    .where('locked_by', 'is not', null)
    .where('locked_date', '<=', cutoff)
    .execute();
  const released: LapsedLock[] = [];
  for (const lock of lapsed) {
    // Compare-and-set: a lock renewed or taken since the read stays.
    const result = await db.transaction().execute(async (trx) => {
      const released = await trx
        .updateTable('content_items')
        .set({ locked_by: null, locked_date: null })
        .where('content_id', '=', lock.content_id)
        .where('locked_by', '=', lock.locked_by)
        .where('locked_date', '<=', cutoff)
        .executeTakeFirst();
      if (Number(released.numUpdatedRows) > 0) {
        await recordAudit(trx, SYSTEM_ACTOR, {
          action: 'lapse',
          content_id: lock.content_id,
          details: { holder: lock.locked_by },
        });
      }
      return released;
    });
    if (Number(result.numUpdatedRows) > 0) {
      released.push({ content_id: lock.content_id, locked_by: lock.locked_by! });
    }
  }
  return released;
}
