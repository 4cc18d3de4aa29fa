/** DELETE /api/templatefields/{id}: removes a field definition from its block. */
import type { OpContext } from '../context';
import { fieldOr404, writeTemplateRows } from './guards';

export async function deleteField(
  { db, actor }: OpContext,
  fieldId: string,
): Promise<{ status: 'Success'; field_id: string }> {
  return db.transaction().execute(async (trx) => {
    const field = await fieldOr404(trx, fieldId);
    const target = {
      templateId: field.template_id,
      row: `Template field ${fieldId}`,
      change: 'field-delete' as const,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      await trx.deleteFrom('template_fields').where('field_id', '=', fieldId).execute();
      return { status: 'Success' as const, field_id: fieldId };
    });
  });
}
