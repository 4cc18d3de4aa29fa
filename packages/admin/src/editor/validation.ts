/** The §5 rules a field editor shows: core's validators (the server's own), then the kind's extra rule. */
import {
  fieldTypeOf,
  portableRegexCompiler,
  validateFieldValue,
  type TemplateFieldDefinition,
} from '@canopy/core';
import { FIELD_KINDS } from './fields/registry';

export function validateField(definition: TemplateFieldDefinition, value: string): string | null {
  return (
    validateFieldValue(definition, value, { compileRegex: portableRegexCompiler }) ??
    FIELD_KINDS[fieldTypeOf(definition)].extraCheck?.(definition, value) ??
    null
  );
}

/**
 * The server prefixes a field's message with its block's name ("Page URL: ..."); on the field
 * itself the name is already the label.
 */
export function withoutFieldName(message: string, fieldName: string): string {
  const prefix = `${fieldName}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
