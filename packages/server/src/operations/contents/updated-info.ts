/** PUT /api/content/updatedinfo/{id}?version=: stamps a version's updated date and person. */
import { recordAudit } from '../../audit/record';
import type { OpContext } from '../context';
import { now } from '../context';
import { requireWritableVersion } from './guards';

export async function touchContent(
  ctx: OpContext,
  contentId: string,
  version: number,
): Promise<{ status: 'Success'; updated_by: string; updated_date: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    await requireWritableVersion(trx, ctx.actor, contentId, version, 'touchUpdated');
    const stamp = { updated_by: ctx.actor.username, updated_date: now() };
    await trx
      .updateTable('content_versions')
      .set(stamp)
      .where('content_id', '=', contentId)
      .where('version', '=', version)
      .execute();
    await recordAudit(trx, ctx.actor, { action: 'touch', content_id: contentId, version });
    return { status: 'Success' as const, ...stamp };
  });
}
