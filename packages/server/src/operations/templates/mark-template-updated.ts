/** PUT /api/templates/updatedinfo/{id}: records that the caller changed the template just now. */
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { templateOr404, stampTemplate } from './guards';

export async function markTemplateUpdated(
  { db, actor }: OpContext,
  templateId: string,
): Promise<{ updated_by: string; updated_date: string }> {
  return db.transaction().execute(async (trx) => {
    await templateOr404(trx, templateId);
    await requirePermission(trx, actor, templateId, 'Edit');
    return stampTemplate(trx, actor, templateId);
  });
}
