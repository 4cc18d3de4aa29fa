/**
 * The field types of SPEC §3 as a registry: each type owns its validation (§5) and its default
 * value, so the server, the editors and the seed treat a field the same way.
 */
import { isMediaContentType, type TemplateFieldDefinition } from './entities';
import {
  CHECKBOX_VALUE_MESSAGE,
  DYNAMIC_ZONE_VALUE_MESSAGE,
  NOT_TEXT_MESSAGE,
  notAnOptionMessage,
  REQUIRED_MESSAGE,
} from './validation/messages';
import { validateMediaFieldValue } from './validation/media';
import { isUuid, validatePickerValue } from './validation/picker';
import { validateMicroappPickerValue } from './microapps';
import { checkTextLength, isRequired, validateText, type CustomCheck } from './validation/text';
import type { RegexCompiler } from './validation/regex';

export const FIELD_TYPES = [
  'Short Text',
  'Long Text',
  'Rich Text',
  'Dropdown',
  'Checkbox',
  'Read Only',
  'Media Library Asset',
  'Content Reference Picker',
  'Micro-app Reference Picker',
  'Dynamic Zone',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The type a field has when its definition names none (or one Canopy does not know). */
export const DEFAULT_FIELD_TYPE: FieldType = 'Short Text';

type DefinitionKey =
  | 'field_type'
  | 'regex_validation'
  | 'validation_message'
  | 'default_value'
  | 'field_values'
  | 'restrict_to_content_type';

/** The parts of a template field definition the field rules read; a database row fits. */
export type FieldDefinition = { [K in DefinitionKey]?: TemplateFieldDefinition[K] | null } & {
  is_required?: boolean | number | null;
};

export interface FieldValidationOptions {
  /** Compiles the field's regular expression; the server injects RE2 (see validation/regex). */
  compileRegex?: RegexCompiler;
  /** An extra rule run after the type's own rules, on the value as text. */
  customCheck?: CustomCheck;
  /** The content type of the item a Media Library Asset field belongs to ('image'...). */
  mediaContentType?: string | null;
}

interface FieldKind {
  /** A Dynamic Zone holds blocks in its regions; every other type stores a text value. */
  holdsText: boolean;
  /** The type's own rules over a text value ('' when empty); null when valid. */
  validate(def: FieldDefinition, value: string, options: FieldValidationOptions): string | null;
  /** The value a new field of this type starts with. */
  defaultValue(def: FieldDefinition): string | null;
}

const textKind: FieldKind = {
  holdsText: true,
  validate: (def, value, options) =>
    validateText(value, def, { compileRegex: options.compileRegex }),
  defaultValue: (def) => def.default_value ?? null,
};

/** The media type a Media Library Asset field is restricted to, when it names one. */
function restrictedMediaType(def: FieldDefinition): string | null {
  const type = def.restrict_to_content_type?.trim() ?? '';
  return isMediaContentType(type) ? type : null;
}

const FIELD_KINDS: Record<FieldType, FieldKind> = {
  'Short Text': textKind,
  'Long Text': textKind,
  'Rich Text': textKind,
  'Read Only': textKind,
  Dropdown: {
    holdsText: true,
    validate: (def, value) => validateDropdownValue(value, def),
    defaultValue: (def) => def.default_value ?? null,
  },
  Checkbox: {
    holdsText: true,
    validate: (def, value) => {
      if (value === '') return isRequired(def) ? REQUIRED_MESSAGE : null;
      return value === 'true' || value === 'false' ? null : CHECKBOX_VALUE_MESSAGE;
    },
    defaultValue: (def) => checkboxValue(null, def.default_value),
  },
  'Media Library Asset': {
    holdsText: true,
    validate: (def, value, options) =>
      validateMediaFieldValue(value, {
        required: isRequired(def),
        contentType: options.mediaContentType ?? restrictedMediaType(def),
      }),
    defaultValue: (def) => def.default_value ?? null,
  },
  'Content Reference Picker': {
    holdsText: true,
    validate: (def, value) => validatePickerValue(value, { required: isRequired(def) }),
    defaultValue: (def) => def.default_value ?? null,
  },
  // §5 names the micro-app picker's required rule; its value is instance ids joined with '|'.
  'Micro-app Reference Picker': {
    holdsText: true,
    validate: (def, value) => validateMicroappPickerValue(value, { required: isRequired(def) }),
    defaultValue: (def) => def.default_value ?? null,
  },
  'Dynamic Zone': {
    holdsText: false,
    validate: (_def, value) => (value === '' ? null : DYNAMIC_ZONE_VALUE_MESSAGE),
    defaultValue: () => null,
  },
};

/** Whether a string names one of the field types of §3 (exact spelling). */
export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

/** A definition's field type; unknown or empty types are 'Short Text', the default. */
export function fieldTypeOf(def: Pick<FieldDefinition, 'field_type'>): FieldType {
  return isFieldType(def.field_type) ? def.field_type : DEFAULT_FIELD_TYPE;
}

/** Whether a field of this definition stores a text value (every type but Dynamic Zone). */
export function fieldHoldsText(def: Pick<FieldDefinition, 'field_type'>): boolean {
  return FIELD_KINDS[fieldTypeOf(def)].holdsText;
}

/**
 * Validates a field value by its definition's type (§5). Null and undefined count as empty.
 * Returns the message to show, or null when valid. Rules, in order: a value that is not text
 * (a media field's says 'This field is required'); the 4000-character cap; the type's own rules;
 * then `options.customCheck`.
 */
export function validateFieldValue(
  def: FieldDefinition,
  value: unknown,
  options: FieldValidationOptions = {},
): string | null {
  const type = fieldTypeOf(def);
  if (value != null && typeof value !== 'string') {
    return type === 'Media Library Asset' ? REQUIRED_MESSAGE : NOT_TEXT_MESSAGE;
  }
  const text = value ?? '';
  return (
    checkTextLength(text) ??
    FIELD_KINDS[type].validate(def, text, options) ??
    options.customCheck?.(text) ??
    null
  );
}

/** The value a new field of this definition starts with (a checkbox always gets 'true'/'false'). */
export function defaultFieldValue(def: FieldDefinition): string | null {
  return FIELD_KINDS[fieldTypeOf(def)].defaultValue(def);
}

/**
 * The text a checkbox stores (§5): 'true' or 'false'. Anything else falls back to the default,
 * and to 'false' when the default is not 'true' or 'false' either.
 */
export function checkboxValue(
  value: string | boolean | null | undefined,
  defaultValue: string | boolean | null | undefined,
): 'true' | 'false' {
  return asCheckbox(value) ?? asCheckbox(defaultValue) ?? 'false';
}

function asCheckbox(value: string | boolean | null | undefined): 'true' | 'false' | null {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value === 'true' || value === 'false' ? value : null;
}

/** A dropdown's options: `field_values` split on '|', trimmed, empty entries left out. */
export function dropdownOptions(fieldValues: string | null | undefined): string[] {
  if (!fieldValues) return [];
  return fieldValues
    .split('|')
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

/**
 * A dropdown value: empty ('(None Selected)') unless required, one option, or several joined by
 * commas (multi-select), each of them an option. An option that itself holds a comma matches
 * as a whole.
 */
export function validateDropdownValue(
  value: string | null | undefined,
  def: Pick<FieldDefinition, 'field_values' | 'is_required'>,
): string | null {
  const text = value ?? '';
  if (text === '') return isRequired(def) ? REQUIRED_MESSAGE : null;
  const options = dropdownOptions(def.field_values);
  if (options.includes(text)) return null;
  const unknown = text
    .split(',')
    .map((part) => part.trim())
    .find((part) => !options.includes(part));
  return unknown === undefined ? null : notAnOptionMessage(unknown, options);
}

/** The content id a Content Reference Picker field points at, or null (§3 content_ref). */
export function referencedContentId(
  def: Pick<FieldDefinition, 'field_type'>,
  value: string | null | undefined,
): string | null {
  return fieldTypeOf(def) === 'Content Reference Picker' && isUuid(value) ? value : null;
}

/** The properties of a template field definition an editor sets (§3), in the order forms show them. */
export const TEMPLATE_FIELD_DEFINITION_KEYS = [
  'field_type',
  'field_name',
  'allowed_widgets',
  'edit_in_behavior',
  'is_required',
  'regex_validation',
  'validation_message',
  'default_value',
  'tool_tip',
  'field_values',
  'picker_root_item',
  'restrict_to_content_type',
  'microapp_id',
  'microapp_version',
  'connect_to_doc_site',
] as const satisfies ReadonlyArray<keyof TemplateFieldDefinition>;
