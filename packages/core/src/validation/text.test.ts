import { describe, expect, it, vi } from 'vitest';
import {
  checkTextLength,
  isEmptyValue,
  isRequired,
  validateRegexPattern,
  validateText,
} from './text';
import type { RegexCompiler } from './regex';

const digits = { regex_validation: '^\\d+$', validation_message: 'Digits only, please' };

describe('validateText', () => {
  it('gives the required message for an empty required field, whether 1 or true', () => {
    expect(validateText('', { is_required: 1 })).toBe('This field is required');
    expect(validateText(null, { is_required: true })).toBe('This field is required');
    expect(validateText(undefined, { is_required: 1 })).toBe('This field is required');
  });

  it('accepts an empty optional field, even with a pattern', () => {
    expect(validateText('', { is_required: 0, ...digits })).toBeNull();
    expect(validateText(null, { is_required: false })).toBeNull();
  });

  it('checks required before the pattern', () => {
    expect(validateText('', { is_required: 1, regex_validation: '(' })).toBe(
      'This field is required',
    );
  });

  it("gives the field's own message when the pattern does not match", () => {
    expect(validateText('12a', digits)).toBe('Digits only, please');
    expect(validateText('123', digits)).toBeNull();
  });

  it('falls back to a clear message when the administrator left the message empty', () => {
    expect(validateText('abc', { regex_validation: '^\\d+$', validation_message: '' })).toBe(
      'This field is not in the expected format',
    );
    expect(validateText('abc', { regex_validation: '^\\d+$', validation_message: null })).toBe(
      'This field is not in the expected format',
    );
  });

  it('reports an invalid pattern as a validation error', () => {
    expect(validateText('abc', { regex_validation: '(' })).toBe(
      'There was an error with validation (regular expression)',
    );
  });

  it('compiles the pattern with the injected engine and treats a throw as a regex error', () => {
    const compileRegex = vi.fn<RegexCompiler>(() => {
      throw new SyntaxError('not supported');
    });
    expect(validateText('abc', digits, { compileRegex })).toBe(
      'There was an error with validation (regular expression)',
    );
    expect(compileRegex).toHaveBeenCalledWith('^\\d+$');
  });

  it('uses the injected engine verdict instead of its own', () => {
    const always = (verdict: boolean) => () => ({ test: () => verdict });
    expect(validateText('abc', digits, { compileRegex: always(true) })).toBeNull();
    expect(validateText('123', digits, { compileRegex: always(false) })).toBe(
      'Digits only, please',
    );
  });

  it('treats backreferences and lookaround as invalid by default, as RE2 does', () => {
    expect(validateText('aa', { regex_validation: '^(a)\\1$' })).toBe(
      'There was an error with validation (regular expression)',
    );
    expect(validateText('ab', { regex_validation: '^a(?=b)' })).toBe(
      'There was an error with validation (regular expression)',
    );
  });

  it('runs the custom check last, only when the spec rules pass', () => {
    const customCheck = vi.fn((value: string) => (value === '13' ? 'Unlucky number' : null));
    expect(validateText('13', digits, { customCheck })).toBe('Unlucky number');
    expect(validateText('12', digits, { customCheck })).toBeNull();
    expect(validateText('x', digits, { customCheck })).toBe('Digits only, please');
    expect(customCheck).toHaveBeenCalledTimes(2);
  });

  it('caps text at 4000 characters', () => {
    expect(validateText('a'.repeat(4000), {})).toBeNull();
    expect(validateText('a'.repeat(4001), {})).toBe('This field is limited to 4000 characters');
  });

  it('ignores an empty pattern', () => {
    expect(validateText('anything', { regex_validation: '' })).toBeNull();
  });
});

describe('checkTextLength', () => {
  it('accepts up to 4000 characters and nothing', () => {
    expect(checkTextLength('a'.repeat(4000))).toBeNull();
    expect(checkTextLength(null)).toBeNull();
    expect(checkTextLength('a'.repeat(4001))).toBe('This field is limited to 4000 characters');
  });
});

describe('isRequired', () => {
  it('reads 0/1 and booleans', () => {
    expect(isRequired({ is_required: 1 })).toBe(true);
    expect(isRequired({ is_required: true })).toBe(true);
    expect(isRequired({ is_required: 0 })).toBe(false);
    expect(isRequired({ is_required: false })).toBe(false);
    expect(isRequired({})).toBe(false);
  });
});

describe('isEmptyValue', () => {
  it('is true for null, undefined and the empty string only', () => {
    expect(isEmptyValue(null)).toBe(true);
    expect(isEmptyValue(undefined)).toBe(true);
    expect(isEmptyValue('')).toBe(true);
    expect(isEmptyValue(' ')).toBe(false);
  });
});

describe('validateRegexPattern', () => {
  it('accepts a valid pattern or none', () => {
    expect(validateRegexPattern('^[A-Z]{3}$')).toBeNull();
    expect(validateRegexPattern('')).toBeNull();
    expect(validateRegexPattern(null)).toBeNull();
  });

  it('refuses an invalid pattern', () => {
    expect(validateRegexPattern('([a-z]')).toBe('Please enter a valid regular expression');
    expect(validateRegexPattern('*')).toBe('Please enter a valid regular expression');
  });

  it('refuses what RE2 cannot run: backreferences and lookaround', () => {
    for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
      expect(validateRegexPattern(pattern)).toBe('Please enter a valid regular expression');
    }
    expect(validateRegexPattern('\\(?=x')).toBeNull();
    expect(validateRegexPattern('\\\\1')).toBeNull();
  });
});
