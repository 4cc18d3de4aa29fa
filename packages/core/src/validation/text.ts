/** The text-field rules of SPEC §5, applied in the spec's order. */
import { TEXT_FIELD_MAX_LENGTH } from '../constants';
import {
  INVALID_REGEX_PATTERN_MESSAGE,
  REGEX_ERROR_MESSAGE,
  REGEX_MISMATCH_FALLBACK_MESSAGE,
  REQUIRED_MESSAGE,
  TEXT_TOO_LONG_MESSAGE,
} from './messages';
import { portableRegexCompiler, type RegexCompiler } from './regex';

/** An extra rule a caller adds after the spec's own; returns a message, or null when valid. */
export type CustomCheck = (value: string) => string | null;

/** The parts of a template field definition the text rules read (a database row fits). */
export interface TextRules {
  is_required?: boolean | number | null;
  regex_validation?: string | null;
  validation_message?: string | null;
}

export interface TextValidationOptions {
  /** The engine for the field's pattern (see ./regex); the portable one when not given. */
  compileRegex?: RegexCompiler;
  customCheck?: CustomCheck;
}

/** Whether a field is required; rows store 0/1, forms send booleans. */
export function isRequired(rules: { is_required?: boolean | number | null }): boolean {
  return rules.is_required === true || rules.is_required === 1;
}

/** Whether a value is empty: null, undefined or the empty string. */
export function isEmptyValue(value: string | null | undefined): value is '' | null | undefined {
  return value == null || value === '';
}

/** The 4000-character cap on every text value (§5, §9). */
export function checkTextLength(value: string | null | undefined): string | null {
  return value != null && value.length > TEXT_FIELD_MAX_LENGTH ? TEXT_TOO_LONG_MESSAGE : null;
}

/**
 * Validates a text value: required, the length cap, the configured regular expression (its
 * mismatch gives the field's own message; a broken pattern gives the regex error), then the
 * optional custom check. Returns the message to show, or null when the value is valid.
 * An empty optional value skips the pattern: a pattern describes the format of a given value.
 */
export function validateText(
  value: string | null | undefined,
  rules: TextRules,
  options: TextValidationOptions = {},
): string | null {
  const text = value ?? '';
  if (text === '' && isRequired(rules)) return REQUIRED_MESSAGE;
  const tooLong = checkTextLength(text);
  if (tooLong) return tooLong;

  const pattern = rules.regex_validation;
  if (pattern && text !== '') {
    const compile = options.compileRegex ?? portableRegexCompiler;
    let matches: boolean;
    try {
      matches = compile(pattern).test(text);
    } catch {
      return REGEX_ERROR_MESSAGE;
    }
    if (!matches) return rules.validation_message || REGEX_MISMATCH_FALLBACK_MESSAGE;
  }

  return options.customCheck?.(text) ?? null;
}

/**
 * The check an administrator's pattern gets while it is being edited (§5): it must compile in
 * the engine given (the server passes RE2), so backreferences and lookaround are refused.
 */
export function validateRegexPattern(
  pattern: string | null | undefined,
  compileRegex: RegexCompiler = portableRegexCompiler,
): string | null {
  if (!pattern) return null;
  try {
    compileRegex(pattern);
    return null;
  } catch {
    return INVALID_REGEX_PATTERN_MESSAGE;
  }
}
