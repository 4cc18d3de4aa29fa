/**
 * Administrators' field patterns run through an injected engine, so core needs no native code:
 * the server compiles with RE2 (linear time, whatever the pattern or value), a browser with
 * `portableRegexCompiler`. Both refuse the same patterns: RE2 cannot run backreferences or
 * lookaround, so a pattern using them is invalid everywhere (refused when a template field is
 * saved; a stored one gives the spec's regex error instead of a verdict).
 */

/** A compiled pattern: all the validators need of it. */
export interface CompiledRegex {
  test(value: string): boolean;
}

/** Compiles a pattern; throws when the pattern is invalid or the engine cannot run it. */
export type RegexCompiler = (pattern: string) => CompiledRegex;

/** Backreferences (\1, \k<name>) and lookaround ((?=, (?!, (?<=, (?<!) not escaped: not RE2. */
const BEYOND_RE2 = /(?<!\\)(?:\\\\)*(?:\\[1-9]|\\k<|\((?:\?<?[=!]))/;

/** Whether a pattern uses syntax RE2 cannot run. */
export function usesBacktrackingSyntax(pattern: string): boolean {
  return BEYOND_RE2.test(pattern);
}

/**
 * The browser's engine: the platform's RegExp, restricted to what RE2 also runs, so the browser
 * and the server agree on which patterns are valid. (Only the linear-time guarantee differs.)
 */
export const portableRegexCompiler: RegexCompiler = (pattern) => {
  if (usesBacktrackingSyntax(pattern)) {
    throw new SyntaxError('Backreferences and lookaround are not supported');
  }
  return new RegExp(pattern);
};
