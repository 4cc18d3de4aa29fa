/**
 * PUT /api/templatefields/{field_id}: changes a field definition. A field may move to another
 * block of its own template, never to another template.
 */
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { toFieldDefinition, type FieldDefinitionView } from '../../repositories/templates';
import { fieldNamed } from '../../repositories/templates-blocks';
import { checkFieldDefinition, definitionColumns, type FieldDefinitionInput } from './field-rules';
import { fieldOr404, requireSameId, writeTemplateRows } from './guards';

export interface TemplateFieldUpdate extends FieldDefinitionInput {
  /** May repeat the id of the path; any other id is refused. */
  field_id?: string;
  /** Another block of the same template moves the field there. */
  block_id?: string;
  /** May name the field's own template; any other template is refused. */
  template_id?: string;
  /** The template's updated_date as loaded (stale-save rule). */
  updated_date?: string;
}

export async function updateField(
  { db, actor }: OpContext,
  fieldId: string,
  input: TemplateFieldUpdate,
): Promise<FieldDefinitionView> {
  requireSameId('field_id', input.field_id, fieldId, 'template field');
  return db.transaction().execute(async (trx) => {
    const current = await fieldOr404(trx, fieldId);
    const target = {
      templateId: current.template_id,
      row: `Template field ${fieldId}`,
      change: 'field-change' as const,
      claimedTemplateId: input.template_id,
      claimedBlockId: input.block_id,
      loaded: input.updated_date,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      // Validate the definition as it will be stored, and a name free in its block.
      const next = {
        ...current,
        ...definitionColumns(input),
        block_id: input.block_id ?? current.block_id,
      };
      next.field_name = next.field_name.trim();
      await checkFieldDefinition(trx, next);
      if (await fieldNamed(trx, next.block_id, next.field_name, fieldId)) {
        fail('ALREADY_EXISTS', `The block already has a field named "${next.field_name}"`);
      }

      // Write, and record the change on the template.
      const { field_id: _id, template_id: _template, ...columns } = next;
      await trx
        .updateTable('template_fields')
        .set(columns)
        .where('field_id', '=', fieldId)
        .execute();
      return toFieldDefinition(next);
    });
  });
}
