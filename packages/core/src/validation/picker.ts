/** Content reference picker and item picker rules (SPEC §5). */
import { splitList } from '../tree';
import { INVALID_REFERENCE_MESSAGE, REQUIRED_MESSAGE } from './messages';
import type { CustomCheck } from './text';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has the form of a UUID (8-4-4-4-12 hexadecimal digits, any case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

export interface PickerValidationOptions {
  required?: boolean;
  customCheck?: CustomCheck;
}

/**
 * Validates a content reference: required and empty, then a non-empty value that is not a UUID,
 * then the optional custom check. Returns the message, or null when valid.
 */
export function validatePickerValue(
  value: string | null | undefined,
  options: PickerValidationOptions = {},
): string | null {
  const text = value ?? '';
  if (text === '')
    return options.required ? REQUIRED_MESSAGE : (options.customCheck?.(text) ?? null);
  if (!isUuid(text)) return INVALID_REFERENCE_MESSAGE;
  return options.customCheck?.(text) ?? null;
}

/** 'Please select something with the content type of "image, document"'. */
export function pickerRestrictionMessage(types: readonly string[]): string {
  return `Please select something with the content type of "${types.join(', ')}"`;
}

/**
 * Checks an item picker's content-type restriction. The restriction may be one type, a list or
 * a comma-separated string; an empty restriction allows anything. Types are compared exactly and
 * shown in the order given, joined by ', '.
 */
export function checkPickerRestriction(
  selectedContentType: string | null | undefined,
  restriction: string | readonly string[] | null | undefined,
): string | null {
  const allowed = splitList(restriction);
  if (allowed.length === 0) return null;
  if (selectedContentType != null && allowed.includes(selectedContentType)) return null;
  return pickerRestrictionMessage(allowed);
}
