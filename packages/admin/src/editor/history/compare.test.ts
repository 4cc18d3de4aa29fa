/** Comparing two versions: changed fields, and zone blocks matched by id (moved, not re-added). */
import { describe, expect, it } from 'vitest';
import type { Content, LayoutNode } from '@canopy/core';
import { blockOf, makeBlock, makeContent, makeTemplate } from '../test-harness';
import { compareVersions } from './compare';

const template = makeTemplate([
  { field_name: 'Title' },
  { field_name: 'Main Zone', field_type: 'Dynamic Zone', edit_in_behavior: null },
]);
const widget = makeTemplate([{ field_name: 'Heading' }], { template_name: 'Hero' });
const zoneKey = blockOf(template, 'Main Zone').block_id;
const regionId = 'region-1';

/** A version with the zone holding `order` (block ids; nested arrays are a container's items). */
function version(
  title: string,
  order: Array<string | [string, string[]]>,
  headings: Record<string, string>,
): Content {
  const content = makeContent(
    template,
    { Title: title, 'Main Zone': null },
    { content_id: 'item' },
  );
  const blocks = Object.fromEntries(
    Object.entries(headings).map(([id, heading]) => [
      id,
      makeBlock(regionId, widget, { Heading: heading }, id),
    ]),
  );
  const layout: LayoutNode = {
    id: regionId,
    type: 'dynamicZone',
    blocks: order.map((entry) =>
      typeof entry === 'string'
        ? { id: entry }
        : { id: entry[0], type: 'containerItem', blocks: entry[1].map((id) => ({ id })) },
    ),
  };
  content.content_fields[zoneKey]!.dynamic_content_regions = {
    [regionId]: {
      region_id: regionId,
      field_id: 'f',
      region_value: layout,
      version: 1,
      content_blocks: blocks,
    },
  };
  return content;
}

describe('comparing versions', () => {
  it('lists changed fields by name', () => {
    const result = compareVersions(version('Old', [], {}), version('New', [], {}), template);
    expect(result.fields).toEqual([
      { key: blockOf(template, 'Title').block_id, name: 'Title', before: 'Old', after: 'New' },
    ]);
    expect(result.blocks).toEqual([]);
  });

  it('shows a reordered block as moved, not as removed and added', () => {
    const older = version('T', ['a', 'b', 'c'], { a: 'A', b: 'B', c: 'C' });
    const newer = version('T', ['b', 'c', 'a'], { a: 'A', b: 'B', c: 'C' });
    const result = compareVersions(older, newer, template);
    expect(result.blocks).toEqual([
      expect.objectContaining({ blockId: 'a', kinds: ['moved'] }),
      expect.objectContaining({ blockId: 'b', kinds: ['moved'] }),
      expect.objectContaining({ blockId: 'c', kinds: ['moved'] }),
    ]);
    expect(
      result.blocks.some((b) => b.kinds.includes('added') || b.kinds.includes('removed')),
    ).toBe(false);
  });

  it('a block removed before others does not make the rest look moved', () => {
    const older = version('T', ['a', 'b', 'c'], { a: 'A', b: 'B', c: 'C' });
    const newer = version('T', ['b', 'c', 'd'], { b: 'B', c: 'C', d: 'D' });
    const result = compareVersions(older, newer, template);
    expect(result.blocks.map((b) => [b.blockId, b.kinds])).toEqual([
      ['d', ['added']],
      ['a', ['removed']],
    ]);
  });

  it('a block moved into a container item, with its heading changed, is moved and edited', () => {
    const older = version('T', ['a', ['item', []]], { a: 'A' });
    const newer = version('T', [['item', ['a']]], { a: 'A2' });
    const [change] = compareVersions(older, newer, template).blocks;
    expect(change).toMatchObject({
      blockId: 'a',
      kinds: ['moved', 'edited'],
      fields: [{ before: 'A', after: 'A2' }],
    });
  });
});
