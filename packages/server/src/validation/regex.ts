/**
 * The server's engine for administrators' field patterns: RE2, which runs in time linear in the
 * value whatever the pattern, so no pattern can stall the server. RE2 refuses backreferences and
 * lookaround; core's portable engine refuses the same, so browser and server agree.
 */
import RE2 from 're2';
import type { CompiledRegex, RegexCompiler } from '@canopy/core';

const CACHE_SIZE = 500;
const compiled = new Map<string, CompiledRegex>();

/** Compiles with RE2 (throws SyntaxError for what RE2 cannot run); recent patterns are reused. */
export const compileRe2: RegexCompiler = (pattern) => {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RE2(pattern);
    if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, regex);
  }
  return regex;
};
