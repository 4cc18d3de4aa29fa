import { describe, expect, it } from 'vitest';
import { testRegexWithTimeLimit } from './regex';

describe('field regular expressions', () => {
  it('tests a value against a pattern', () => {
    expect(testRegexWithTimeLimit('^/[a-z0-9/-]*$', '/about/team')).toBe(true);
    expect(testRegexWithTimeLimit('^/[a-z0-9/-]*$', 'About')).toBe(false);
  });

  it('throws on an invalid pattern', () => {
    expect(() => testRegexWithTimeLimit('([a-z', 'x')).toThrow();
  });

  it('stops a catastrophic pattern instead of stalling the server', () => {
    expect(() => testRegexWithTimeLimit('^(a+)+$', `${'a'.repeat(40)}!`)).toThrow(/timed out/);
  });
});
