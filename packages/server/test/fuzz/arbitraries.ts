/**
 * Shared pieces of the property-based suites: the fixed seed (printed by fast-check on failure,
 * overridable with FUZZ_SEED), the number of runs (FUZZ_RUNS scales them for a longer local hunt)
 * and values that break naive servers: NUL characters, numbers beyond 32 and 64 bits, unicode,
 * deep JSON, wrong types.
 */
import fc from 'fast-check';

export const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);

/** fast-check parameters: fixed seed, stop at the first failure and report it as found. */
export function params(numRuns: number): fc.Parameters<unknown> {
  return { seed: SEED, numRuns: Math.max(1, Math.round(numRuns * SCALE)), endOnFailure: true };
}

/*
 * Deep values stand in the generated data as markers and are spliced in as text when the request
 * is sent: V8's JSON.stringify (and fast-check's printing and shrinking) recurse and would
 * overflow the stack on them, while the server must answer them with a 4xx.
 */
const DEEP_ARRAY = '<3000 nested arrays>';
const DEEP_LAYOUT = '<a zone layout 3000 levels deep>';
const DEEP_TEXT: Record<string, string> = {
  [DEEP_ARRAY]: `${'['.repeat(3000)}${']'.repeat(3000)}`,
  [DEEP_LAYOUT]: `${'{"id":"n","type":"dynamicZone","blocks":['.repeat(3000)}{"id":"leaf"}${']}'.repeat(3000)}`,
};

/** JSON text of a generated value, with the deep markers built out. */
export function toJson(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [marker, deep] of Object.entries(DEEP_TEXT))
    text = text.split(JSON.stringify(marker)).join(deep);
  return text;
}

/** Strings no field should choke on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '%00',
      '9'.repeat(40),
      '2147483648',
      '-2147483649',
      '9007199254740993',
      '1e309',
      '-1',
      '0',
      'NaN',
      'null',
      'true',
      '[]',
      '{}',
      '../../etc/passwd',
      "' OR 1=1 --",
      '\u202e\u{1f600}\u0301',
      'x'.repeat(5000),
      '1970-01-01 12:00',
      '2026-13-45',
      '/',
    ),
  },
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.uuid(),
);

/** Any JSON value of a wrong or hostile shape. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    [],
    {},
    DEEP_ARRAY,
    DEEP_LAYOUT,
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A string made safe for a URL path or query (lone surrogates replaced). */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, '\ufffd'));
}
