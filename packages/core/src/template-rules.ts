/**
 * What a template field definition must satisfy (§3 Template field definition, §5), with one set
 * of messages: the server refuses a definition with the first problem, the admin's template
 * editor shows each problem beside its input.
 */
import type { TemplateFieldDefinition } from './entities';
import { DEFAULT_FIELD_TYPE, FIELD_TYPES, validateDropdownValue } from './fields';
import type { RegexCompiler } from './validation/regex';
import { validateRegexPattern } from './validation/text';

/** A field definition's properties, without the ids that place it. */
export type FieldDefinitionProperties = Omit<TemplateFieldDefinition, 'field_id' | 'block_id'>;

/** A field definition with nothing set: a plain, optional Short Text. */
export const BLANK_FIELD_DEFINITION: Omit<FieldDefinitionProperties, 'field_name'> = {
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
};

/** The message of a name left empty (a template's, a block's or a field's). */
export function emptyNameMessage(property: 'template_name' | 'block_name' | 'field_name'): string {
  return `The field "${property}" must not be empty`;
}

/** A problem of a field definition: the property it is in, and a message to act on. */
export interface DefinitionProblem {
  property: keyof FieldDefinitionProperties;
  message: string;
}

type CheckedProperties = Pick<
  FieldDefinitionProperties,
  'field_type' | 'field_name' | 'regex_validation' | 'default_value' | 'field_values'
>;

/**
 * Every problem of one field definition, in the order forms show its properties. The regular
 * expression is checked with `compile`, the server's engine (§5). A Dropdown's default is
 * optional (a required value is the editor's concern, not the definition's); a Checkbox's is
 * "true", "false" or none.
 */
export function fieldDefinitionProblems(
  def: CheckedProperties,
  compile: RegexCompiler,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (!(FIELD_TYPES as readonly string[]).includes(def.field_type)) {
    problems.push({
      property: 'field_type',
      message: `The field "field_type" must be one of: ${FIELD_TYPES.join(', ')}`,
    });
  }
  if (def.field_name.trim() === '') {
    problems.push({ property: 'field_name', message: emptyNameMessage('field_name') });
  }
  const regexProblem = validateRegexPattern(def.regex_validation, compile);
  if (regexProblem) problems.push({ property: 'regex_validation', message: regexProblem });
  const defaultValue = def.default_value ?? '';
  if (def.field_type === 'Checkbox' && !['', 'true', 'false'].includes(defaultValue)) {
    problems.push({
      property: 'default_value',
      message: 'A Checkbox default_value must be "true" or "false"',
    });
  }
  if (def.field_type === 'Dropdown') {
    const problem = validateDropdownValue(defaultValue, { field_values: def.field_values });
    if (problem) {
      problems.push({
        property: 'default_value',
        message: `The default_value does not fit the Dropdown: ${problem}`,
      });
    }
  }
  return problems;
}
