/** What a template field definition must satisfy (§3 Template field definition, §5). */
import {
  DEFAULT_FIELD_TYPE,
  FIELD_TYPES,
  isUuid,
  validateDropdownValue,
  validateRegexPattern,
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

/** A field definition with nothing set: a plain, optional Short Text. */
export const BLANK_FIELD_DEFINITION: Omit<FieldDefinitionColumns, 'field_name'> = {
  field_type: DEFAULT_FIELD_TYPE,
  allowed_widgets: null,
  edit_in_behavior: null,
  is_required: 0,
  regex_validation: null,
  validation_message: null,
  default_value: null,
  tool_tip: null,
  field_values: null,
  picker_root_item: null,
  restrict_to_content_type: null,
  microapp_id: null,
  microapp_version: null,
  connect_to_doc_site: 0,
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
  if (!(FIELD_TYPES as readonly string[]).includes(def.field_type)) {
    fail('VALIDATION_FAILED', `The field "field_type" must be one of: ${FIELD_TYPES.join(', ')}`);
  }
  if (def.field_name.trim() === '') {
    fail('VALIDATION_FAILED', 'The field "field_name" must not be empty');
  }
  const regexProblem = validateRegexPattern(def.regex_validation, compileRe2);
  if (regexProblem) fail('VALIDATION_FAILED', regexProblem, { field: 'regex_validation' });
  const defaultValue = def.default_value ?? '';
  if (def.field_type === 'Checkbox' && !['', 'true', 'false'].includes(defaultValue)) {
    fail('VALIDATION_FAILED', 'A Checkbox default_value must be "true" or "false"');
  }
  if (def.field_type === 'Dropdown') {
    // An optional default; a required one is the editor's concern, not the definition's.
    const problem = validateDropdownValue(defaultValue, { field_values: def.field_values });
    if (problem) {
      fail('VALIDATION_FAILED', `The default_value does not fit the Dropdown: ${problem}`);
    }
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
