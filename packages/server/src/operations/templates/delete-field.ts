/** DELETE /api/templatefields/{id}: removes a field definition from its block. */
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { fieldOr404, touchTemplate } from './guards';

export async function deleteField(
  { db, actor }: OpContext,
  fieldId: string,
): Promise<{ status: 'Success'; field_id: string }> {
  return db.transaction().execute(async (trx) => {
    // Access: Edit on the field's template.
    const field = await fieldOr404(trx, fieldId);
    await requirePermission(trx, actor, field.template_id, 'Edit');

    // Write, and record the change on the template.
    await trx.deleteFrom('template_fields').where('field_id', '=', fieldId).execute();
    await touchTemplate(trx, actor, field.template_id);
    return { status: 'Success' as const, field_id: fieldId };
  });
}
