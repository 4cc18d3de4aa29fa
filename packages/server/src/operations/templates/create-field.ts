/** POST /api/templatefields/: a new field definition in a template block (§3). */
import { randomUUID } from 'node:crypto';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { toFieldDefinition, type FieldDefinitionView } from '../../repositories/templates';
import { fieldNamed, findField, nextFieldOrder } from '../../repositories/templates-blocks';
import {
  checkFieldDefinition,
  definitionColumns,
  BLANK_FIELD_DEFINITION,
  type FieldDefinitionColumns,
  type FieldDefinitionInput,
} from './field-rules';
import { blockOr404, writeTemplateRows } from './guards';

export interface NewTemplateField extends FieldDefinitionInput {
  /** A client-made id; one is made when left out. */
  field_id?: string;
  block_id: string;
  /** May name the block's template; any other template is refused. */
  template_id?: string;
  field_name: string;
  /** The template's updated_date as loaded (stale-save rule). */
  updated_date?: string;
}

export async function createField(
  { db, actor }: OpContext,
  input: NewTemplateField,
): Promise<FieldDefinitionView> {
  return db.transaction().execute(async (trx) => {
    const block = await blockOr404(trx, input.block_id);
    const target = {
      templateId: block.template_id,
      row: `Template block ${block.block_id}`,
      change: 'field-create' as const,
      claimedTemplateId: input.template_id,
      loaded: input.updated_date,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      // Validate the whole definition, a name the block does not have yet, and a new id.
      const definition: FieldDefinitionColumns = {
        ...BLANK_FIELD_DEFINITION,
        ...definitionColumns(input),
        field_name: input.field_name.trim(),
      };
      await checkFieldDefinition(trx, definition);
      if (await fieldNamed(trx, block.block_id, definition.field_name)) {
        fail('ALREADY_EXISTS', `The block already has a field named "${definition.field_name}"`);
      }
      const fieldId = input.field_id ?? randomUUID();
      if (input.field_id !== undefined && (await findField(trx, fieldId))) {
        fail('ALREADY_EXISTS', `A template field with id ${fieldId} already exists; use a new id`);
      }
      if (input.field_order === undefined) {
        definition.field_order = await nextFieldOrder(trx, block.block_id);
      }

      // Write, and record the change on the template.
      const row = {
        ...definition,
        field_id: fieldId,
        block_id: block.block_id,
        template_id: block.template_id,
      };
      await trx.insertInto('template_fields').values(row).execute();
      return toFieldDefinition(row);
    });
  });
}
