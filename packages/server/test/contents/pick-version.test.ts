/**
 * The version each variant shows (§5 Publishing): latest = the newest of any status,
 * latestpublishable = the newest staged or published, published = the newest published version
 * live now. Checked against that rule as written, for versions in any order, any statuses and
 * publish and unpublish dates before, after or around now.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISH_DATE } from '@canopy/core';
import type { ContentVersionRow } from '../../src/db/schema';
import { pickVersion } from '../../src/repositories/contents';

const NOW = new Date('2026-06-01T12:00:00.000Z');
/** Dates an editor may set, with the moment each stands for (null: the default, no limit). */
const MOMENTS = new Map<string, number | null>([
  [DEFAULT_PUBLISH_DATE, null],
  ['2026-05-01T09:30:00.000Z', Date.UTC(2026, 4, 1, 9, 30)], // before now
  ['2026-07-01T09:30:00.000Z', Date.UTC(2026, 6, 1, 9, 30)], // after now
  ['2026-06-01 12:00', NOW.getTime()], // now, as an editor enters it
]);
const DATES = [...MOMENTS.keys()];

const version = (n: number, status: string, publish: string, unpublish: string) =>
  ({
    content_id: 'c',
    version: n,
    status_id: status,
    content_name: `v${n}`,
    page_url: null,
    publish_date: publish,
    unpublish_date: unpublish,
    copied_from: null,
    parent_version: null,
    updated_date: '2026-01-01T00:00:00.000Z',
    updated_by: null,
  }) as ContentVersionRow;

/** The rule as the spec states it: newest first, the first the variant shows. */
function byTheRule(
  versions: ContentVersionRow[],
  variant: 'latest' | 'latestpublishable' | 'published',
) {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  const live = (v: ContentVersionRow) => {
    const starts = MOMENTS.get(v.publish_date) ?? -Infinity;
    const ends = MOMENTS.get(v.unpublish_date) ?? Infinity;
    return starts <= NOW.getTime() && ends > NOW.getTime();
  };
  return newestFirst.find((v) =>
    variant === 'latest'
      ? true
      : variant === 'latestpublishable'
        ? v.status_id === 'staged' || v.status_id === 'published'
        : v.status_id === 'published' && live(v),
  );
}

describe('the version a variant shows', () => {
  it('is the newest the variant allows, whatever order the versions come in', () => {
    const versions = fc
      .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 8 })
      .chain((numbers) =>
        fc.tuple(
          ...numbers.map((n) =>
            fc
              .tuple(
                fc.constantFrom('draft', 'staged', 'published', 'archived'),
                fc.constantFrom(...DATES),
                fc.constantFrom(...DATES),
              )
              .map(([status, publish, unpublish]) => version(n, status, publish, unpublish)),
          ),
        ),
      );
    fc.assert(
      fc.property(
        versions,
        fc.constantFrom('latest', 'latestpublishable', 'published' as const),
        (given, variant) => {
          const picked = pickVersion(given, variant, NOW);
          expect(picked?.version).toBe(byTheRule(given, variant)?.version);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('shows a published version from its publish date on and until its unpublish date', () => {
    const older = version(1, 'published', DEFAULT_PUBLISH_DATE, DEFAULT_PUBLISH_DATE);
    const later = version(2, 'published', '2026-07-01T09:30:00.000Z', DEFAULT_PUBLISH_DATE);
    const ended = version(3, 'published', DEFAULT_PUBLISH_DATE, '2026-06-01 12:00');
    const draft = version(4, 'draft', DEFAULT_PUBLISH_DATE, DEFAULT_PUBLISH_DATE);
    const all = [draft, ended, later, older];
    expect(pickVersion(all, 'published', NOW)?.version).toBe(1);
    expect(pickVersion(all, 'latestpublishable', NOW)?.version).toBe(3);
    expect(pickVersion(all, 'latest', NOW)?.version).toBe(4);
    expect(pickVersion([], 'published', NOW)).toBeUndefined();
  });
});
