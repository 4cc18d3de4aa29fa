import { describe, expect, it } from 'vitest';
import { validateRegexPattern, validateText } from '@canopy/core';
import { compileRe2 } from './regex';

describe('field regular expressions run with RE2', () => {
  it('tests a value against a pattern', () => {
    expect(compileRe2('^/[a-z0-9/-]*$').test('/about/team')).toBe(true);
    expect(compileRe2('^/[a-z0-9/-]*$').test('About')).toBe(false);
  });

  it('finds a match anywhere in the value unless the pattern is anchored, like RegExp.test', () => {
    expect(compileRe2('b').test('abc')).toBe(true);
    expect(compileRe2('^b').test('abc')).toBe(false);
  });

  it('throws on an invalid pattern and on what RE2 cannot run', () => {
    expect(() => compileRe2('([a-z')).toThrow();
    expect(() => compileRe2('^(a)\\1$')).toThrow();
    expect(() => compileRe2('^a(?=b)')).toThrow();
    expect(validateRegexPattern('(?<!a)b', compileRe2)).toBe(
      'Please enter a valid regular expression',
    );
  });

  it('answers a catastrophic pattern at once instead of backtracking', () => {
    const rules = { regex_validation: '^(a+)+$', validation_message: 'Only a' };
    expect(validateText(`${'a'.repeat(3000)}!`, rules, { compileRegex: compileRe2 })).toBe(
      'Only a',
    );
    expect(validateText('a'.repeat(3000), rules, { compileRegex: compileRe2 })).toBeNull();
  });
});
