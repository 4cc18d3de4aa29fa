/**
 * The server's engine for administrators' field patterns: RE2 (re2js, its JavaScript port),
 * which runs in time linear in the value whatever the pattern, so no pattern can stall the
 * server. RE2 refuses backreferences and lookaround; core's portable engine refuses the same, so
 * browser and server agree. The port needs no native build, which keeps installs quick.
 */
import { RE2JS } from 're2js';
import type { CompiledRegex, RegexCompiler } from '@canopy/core';

const CACHE_SIZE = 500;
const compiled = new Map<string, CompiledRegex>();

/** Compiles with RE2 (throws for what RE2 cannot run); recent patterns are reused. */
export const compileRe2: RegexCompiler = (pattern) => {
  let regex = compiled.get(pattern);
  if (!regex) {
    const re2 = RE2JS.compile(pattern);
    // Like RegExp.test: a match anywhere in the value (anchors in the pattern decide the rest).
    regex = { test: (value) => re2.matcher(value).find() };
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, regex);
  }
  return regex;
};
