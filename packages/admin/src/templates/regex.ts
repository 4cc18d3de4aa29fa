/**
 * The server's engine for field patterns, in the browser: RE2 (re2js), so a pattern is refused
 * here exactly when the server would refuse it (§5 'Please enter a valid regular expression').
 */
import { RE2JS } from 're2js';
import type { RegexCompiler } from '@canopy/core';

export const compileRe2: RegexCompiler = (pattern) => {
  const re2 = RE2JS.compile(pattern);
  return { test: (value) => re2.matcher(value).find() };
};
