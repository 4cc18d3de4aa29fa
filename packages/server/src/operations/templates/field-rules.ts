/** What a template field definition must satisfy (§3 Template field definition, §5). */
import {
  BLANK_FIELD_DEFINITION as BLANK_DEFINITION,
  fieldDefinitionProblems,
  isUuid,
  TEMPLATE_FIELD_DEFINITION_KEYS,
} from '@canopy/core';
import { compileRe2 } from '../../validation/regex';
import type { Db } from '../../db/index';
import type { TemplateFieldsTable } from '../../db/schema';
import { fail } from '../../errors';

/** The definition columns of a template field a caller may write. */
export type FieldDefinitionColumns = Pick<
  TemplateFieldsTable,
  | 'field_type'
  | 'field_name'
  | 'allowed_widgets'
  | 'edit_in_behavior'
  | 'is_required'
  | 'regex_validation'
  | 'validation_message'
  | 'default_value'
  | 'tool_tip'
  | 'field_values'
  | 'picker_root_item'
  | 'restrict_to_content_type'
  | 'microapp_id'
  | 'microapp_version'
  | 'connect_to_doc_site'
  | 'field_order'
>;

export type FieldDefinitionInput = Partial<FieldDefinitionColumns>;

/** A field definition with nothing set (core's), first among its block's fields. */
export const BLANK_FIELD_DEFINITION: Omit<FieldDefinitionColumns, 'field_name'> = {
  ...BLANK_DEFINITION,
  field_order: 0,
};

const DEFINITION_KEYS = [
  ...TEMPLATE_FIELD_DEFINITION_KEYS,
  'field_order',
] as const satisfies ReadonlyArray<keyof FieldDefinitionColumns>;

/** Only the definition columns of an input (ids and anything else left out). */
export function definitionColumns(input: FieldDefinitionInput): FieldDefinitionInput {
  const columns: Record<string, unknown> = {};
  for (const key of DEFINITION_KEYS) if (input[key] !== undefined) columns[key] = input[key];
  return columns as FieldDefinitionInput;
}

/** Ids listed in a Dynamic Zone's allowed_widgets ('|'-separated). */
export function allowedWidgetIds(allowedWidgets: string | null): string[] {
  return (allowedWidgets ?? '')
    .split('|')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Checks a whole definition (as it will be stored) and refuses it with a message to act on. */
export async function checkFieldDefinition(db: Db, def: FieldDefinitionColumns): Promise<void> {
  const [problem] = fieldDefinitionProblems(def, compileRe2);
  if (problem) {
    const details =
      problem.property === 'regex_validation' ? { field: problem.property } : undefined;
    fail('VALIDATION_FAILED', problem.message, details);
  }
  if (def.field_type === 'Dynamic Zone') await checkAllowedWidgets(db, def.allowed_widgets);
}

/** Every id a Dynamic Zone allows must be a widget template. */
async function checkAllowedWidgets(db: Db, allowedWidgets: string | null): Promise<void> {
  const ids = allowedWidgetIds(allowedWidgets);
  const malformed = ids.find((id) => !isUuid(id));
  if (malformed !== undefined) {
    fail(
      'VALIDATION_FAILED',
      `allowed_widgets must be widget template ids separated by "|"; "${malformed}" is not an id`,
    );
  }
  if (ids.length === 0) return;
  const widgets = await db
    .selectFrom('templates')
    .select('template_id')
    .where('template_id', 'in', ids)
    .where('widget_type', 'is not', null)
    .execute();
  const found = new Set(widgets.map((widget) => widget.template_id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    fail(
      'INVALID_REFERENCE',
      `allowed_widgets lists ${missing}, which is not a widget template; list widget template ids separated by "|"`,
    );
  }
}
