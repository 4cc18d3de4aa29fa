/**
 * Runs an administrator's field regular expression with a time limit, so a catastrophic pattern
 * cannot stall the server. Throws (treated as an invalid expression) on a bad pattern or time-out.
 */
import vm from 'node:vm';

const REGEX_TIMEOUT_MS = 50;
const script = new vm.Script('new RegExp(pattern).test(value)');

export function testRegexWithTimeLimit(pattern: string, value: string): boolean {
  return script.runInNewContext({ pattern, value }, { timeout: REGEX_TIMEOUT_MS }) === true;
}
