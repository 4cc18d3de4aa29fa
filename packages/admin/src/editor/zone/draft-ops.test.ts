/** The zone's layout moves on the editor's draft: layouts, change statuses, refusals. */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import type { LayoutNode } from '@canopy/core';
import {
  type DraftContent,
  addBlock,
  blockState,
  containerItems,
  moveBlock,
  moveBlockToZone,
  removeBlock,
  restoreBlock,
  siblingMove,
  zoneLayout,
  zoneRegion,
  type ZoneOutcome,
} from '@canopy/ui/draft';
import { IDS, REGION, WIDGETS, ZONE_BLOCK, pageDraft, sequentialIds } from './test-fixtures';

/** Runs one operation as the editor does (an immer recipe) and returns the new draft. */
function apply(op: (draft: DraftContent) => ZoneOutcome, base = pageDraft()) {
  let outcome: ZoneOutcome | undefined;
  const next = produce(base, (draft) => {
    outcome = op(draft);
  });
  return { next, outcome: outcome!, region: zoneRegion(next, ZONE_BLOCK)! };
}

/** The layout as nested ids: 'id' for a leaf, ['id', [...children]] for a node with blocks. */
function shape(node: LayoutNode): unknown[] {
  return (node.blocks ?? []).map((child) => (child.blocks ? [child.id, shape(child)] : child.id));
}

describe('addBlock', () => {
  it('puts a new block at the end of the zone with its fields at their defaults, all marked create', () => {
    const { region, outcome } = apply((d) =>
      addBlock(d, ZONE_BLOCK, WIDGETS.card, sequentialIds()),
    );
    expect(outcome).toEqual({ ok: true, id: 'new-1' });
    expect(shape(zoneLayout(region)).at(-1)).toBe('new-1');
    const block = region.content_blocks['new-1']!;
    expect(block).toMatchObject({
      region_id: REGION,
      template_id: 'w-card',
      content_block_order: 1,
      cmsItemStatus: { create: true },
    });
    expect(Object.values(block.content_blocks_fields)).toEqual([
      {
        field_id: 'new-2',
        block_id: 'new-1',
        template_block_id: 'w-card:title',
        field_value: 'Untitled',
        version: 1,
        cmsItemStatus: { create: true },
      },
    ]);
    expect(region.cmsItemStatus).toEqual({ edited: true });
  });

  it('gives a Container Widget exactly two empty container items', () => {
    const { region } = apply((d) => addBlock(d, ZONE_BLOCK, WIDGETS.grid, sequentialIds()));
    const node = zoneLayout(region).blocks!.at(-1)!;
    expect(node).toEqual({
      id: 'new-1',
      type: 'container',
      blocks: [
        { id: 'new-2', type: 'containerItem', blocks: [] },
        { id: 'new-3', type: 'containerItem', blocks: [] },
      ],
    });
    // Container items live only in the layout: the one new block is the container.
    expect(Object.keys(region.content_blocks).filter((id) => id.startsWith('new'))).toEqual([
      'new-1',
    ]);
  });

  it('adds into a container item, and never beside one or into a plain block', () => {
    const into = apply((d) =>
      addBlock(d, ZONE_BLOCK, WIDGETS.card, sequentialIds(), {
        position: 'into',
        targetId: IDS.itemB,
      }),
    );
    expect(shape(zoneLayout(into.region))[2]).toEqual([
      IDS.grid,
      [
        [IDS.itemA, [IDS.card]],
        [IDS.itemB, ['new-1']],
      ],
    ]);
    for (const placement of [
      { position: 'before', targetId: IDS.itemA },
      { position: 'into', targetId: IDS.hero },
    ] as const) {
      const refused = apply((d) =>
        addBlock(d, ZONE_BLOCK, WIDGETS.card, sequentialIds(), placement),
      );
      expect(refused.outcome).toMatchObject({
        ok: false,
        reason: 'invalidTarget',
      });
      expect(refused.next).toEqual(pageDraft());
    }
  });

  it('makes the region (marked create) when the zone field has none yet', () => {
    const base = produce(pageDraft(), (d) => {
      d.content_fields[ZONE_BLOCK]!.dynamic_content_regions = {};
    });
    const { region } = apply((d) => addBlock(d, ZONE_BLOCK, WIDGETS.hero, sequentialIds()), base);
    expect(region).toMatchObject({
      region_id: 'new-1',
      field_id: 'zone-field',
      cmsItemStatus: { create: true },
      region_value: {
        id: 'new-1',
        type: 'dynamicZone',
        blocks: [{ id: 'new-2' }],
      },
    });
  });
});

describe('moveBlock', () => {
  it('moves a block before or after another and marks only the region edited', () => {
    const after = apply((d) =>
      moveBlock(d, ZONE_BLOCK, IDS.hero, {
        position: 'after',
        targetId: IDS.quote,
      }),
    );
    expect(shape(zoneLayout(after.region)).slice(0, 2)).toEqual([IDS.quote, IDS.hero]);
    expect(after.region.cmsItemStatus).toEqual({ edited: true });
    expect(after.region.content_blocks[IDS.hero]!.cmsItemStatus).toBeUndefined();

    const before = apply((d) =>
      moveBlock(d, ZONE_BLOCK, IDS.card, {
        position: 'before',
        targetId: IDS.hero,
      }),
    );
    expect(shape(zoneLayout(before.region))).toEqual([
      IDS.card,
      IDS.hero,
      IDS.quote,
      [
        IDS.grid,
        [
          [IDS.itemA, []],
          [IDS.itemB, []],
        ],
      ],
    ]);
  });

  it('moves a block into a container item, at its end', () => {
    const { region } = apply((d) =>
      moveBlock(d, ZONE_BLOCK, IDS.quote, {
        position: 'into',
        targetId: IDS.itemA,
      }),
    );
    expect(shape(zoneLayout(region))).toEqual([
      IDS.hero,
      [
        IDS.grid,
        [
          [IDS.itemA, [IDS.card, IDS.quote]],
          [IDS.itemB, []],
        ],
      ],
    ]);
  });

  it('refuses a container going into its own item, a missing block, and a move beside an item', () => {
    const cases = [
      [IDS.grid, { position: 'into', targetId: IDS.itemB }, 'invalidTarget'],
      ['nope', { position: 'after', targetId: IDS.hero }, 'notFound'],
      [IDS.hero, { position: 'after', targetId: 'nope' }, 'notFound'],
      [IDS.hero, { position: 'after', targetId: IDS.itemA }, 'invalidTarget'],
    ] as const;
    for (const [id, placement, reason] of cases) {
      const { next, outcome } = apply((d) => moveBlock(d, ZONE_BLOCK, id, placement));
      expect(outcome).toMatchObject({ ok: false, reason });
      expect(next).toEqual(pageDraft());
    }
  });
});

describe('moveBlockToZone', () => {
  const SIDE = 'side-tb';
  /** The page with a second zone whose region is still empty. */
  const twoZones = () =>
    produce(pageDraft(), (draft) => {
      draft.content_fields[SIDE] = {
        field_id: 'side-field',
        content_id: 'page-1',
        template_block_id: SIDE,
        version: 1,
        field_value: null,
        content_ref: null,
        referenced_data_collection: null,
        dynamic_content_regions: {
          'side-region': {
            region_id: 'side-region',
            field_id: 'side-field',
            version: 1,
            region_value: { id: 'side-region', type: 'dynamicZone', blocks: [] },
            content_blocks: {},
          },
        },
      };
    });

  it('moves a container with its items and card into the other zone as new blocks, the originals deleted', () => {
    let outcome: ZoneOutcome | undefined;
    const moved = produce(twoZones(), (draft) => {
      outcome = moveBlockToZone(
        draft,
        ZONE_BLOCK,
        SIDE,
        IDS.grid,
        { position: 'into', targetId: 'side-region' },
        sequentialIds(),
      );
    });
    expect(outcome).toEqual({ ok: true, id: 'new-1' });
    const side = zoneRegion(moved, SIDE)!;
    expect(side.cmsItemStatus).toEqual({ edited: true });
    expect(shape(zoneLayout(side))).toEqual([
      [
        'new-1',
        [
          ['new-2', ['new-3']],
          ['new-4', []],
        ],
      ],
    ]);
    expect(side.content_blocks['new-1']).toMatchObject({
      template_id: 'w-grid',
      region_id: 'side-region',
      cmsItemStatus: { create: true },
    });
    expect(side.content_blocks['new-3']!.content_blocks_fields['w-card:title']).toMatchObject({
      block_id: 'new-3',
      field_value: 'Consulting',
      cmsItemStatus: { create: true },
    });
    // Container items are layout only: no block is made for them.
    expect(Object.keys(side.content_blocks).sort()).toEqual(['new-1', 'new-3']);
    const main = zoneRegion(moved, ZONE_BLOCK)!;
    expect(shape(zoneLayout(main))).toEqual([IDS.hero, IDS.quote]);
    expect(main.content_blocks[IDS.grid]!.cmsItemStatus).toEqual({ delete: true });
    expect(main.content_blocks[IDS.card]!.cmsItemStatus).toEqual({ delete: true });
  });

  it('refuses a place the other zone does not have, and changes nothing', () => {
    const base = twoZones();
    const { next, outcome } = apply(
      (d) =>
        moveBlockToZone(
          d,
          ZONE_BLOCK,
          SIDE,
          IDS.quote,
          { position: 'after', targetId: 'nowhere' },
          sequentialIds(),
        ),
      base,
    );
    expect(outcome).toEqual({ ok: false, reason: 'notFound', id: 'nowhere' });
    expect(next).toBe(base);
  });

  it('is a plain move within one zone', () => {
    const { region, outcome } = apply((d) =>
      moveBlockToZone(
        d,
        ZONE_BLOCK,
        ZONE_BLOCK,
        IDS.hero,
        { position: 'after', targetId: IDS.quote },
        sequentialIds(),
      ),
    );
    expect(outcome).toEqual({ ok: true, id: IDS.hero });
    expect(shape(zoneLayout(region)).slice(0, 2)).toEqual([IDS.quote, IDS.hero]);
  });
});

describe('removeBlock', () => {
  it('takes a saved block out of the layout and marks it delete', () => {
    const { region } = apply((d) => removeBlock(d, ZONE_BLOCK, IDS.quote));
    expect(shape(zoneLayout(region))).not.toContain(IDS.quote);
    expect(region.content_blocks[IDS.quote]!.cmsItemStatus).toEqual({
      delete: true,
    });
    expect(blockState(region.content_blocks[IDS.quote]!)).toBe('deleted');
    expect(region.cmsItemStatus).toEqual({ edited: true });
  });

  it('removes a container with every block inside it', () => {
    const { region } = apply((d) => removeBlock(d, ZONE_BLOCK, IDS.grid));
    expect(shape(zoneLayout(region))).toEqual([IDS.hero, IDS.quote]);
    expect(region.content_blocks[IDS.grid]!.cmsItemStatus).toEqual({
      delete: true,
    });
    expect(region.content_blocks[IDS.card]!.cmsItemStatus).toEqual({
      delete: true,
    });
  });

  it('drops a block made in this draft instead of marking it', () => {
    const added = apply((d) => addBlock(d, ZONE_BLOCK, WIDGETS.quote, sequentialIds()));
    const { region } = apply((d) => removeBlock(d, ZONE_BLOCK, 'new-1'), added.next);
    expect(region.content_blocks['new-1']).toBeUndefined();
    expect(shape(zoneLayout(region))).toHaveLength(3);
  });

  it('removes a layout entry whose block is missing, and reports an unknown id', () => {
    const base = produce(pageDraft(), (d) => {
      delete zoneRegion(d, ZONE_BLOCK)!.content_blocks[IDS.quote];
    });
    const { region } = apply((d) => removeBlock(d, ZONE_BLOCK, IDS.quote), base);
    expect(shape(zoneLayout(region))).toHaveLength(2);
    expect(apply((d) => removeBlock(d, ZONE_BLOCK, 'nope')).outcome).toEqual({
      ok: false,
      reason: 'notFound',
      id: 'nope',
    });
  });

  it("sends nothing of a removed block's fields: new ones are dropped, edits unmarked", () => {
    const edited = produce(pageDraft(), (d) => {
      const hero = zoneRegion(d, ZONE_BLOCK)!.content_blocks[IDS.hero]!;
      hero.content_blocks_fields['w-hero:heading']!.cmsItemStatus = { edited: true };
      hero.content_blocks_fields['w-hero:extra'] = {
        field_id: 'f-new',
        block_id: IDS.hero,
        template_block_id: 'w-hero:extra',
        field_value: 'x',
        version: 1,
        cmsItemStatus: { create: true },
      };
    });
    const { region } = apply((d) => removeBlock(d, ZONE_BLOCK, IDS.hero), edited);
    const fields = region.content_blocks[IDS.hero]!.content_blocks_fields;
    expect(Object.keys(fields)).toEqual(['w-hero:heading', 'w-hero:subheading']);
    expect(Object.values(fields).map((f) => f.cmsItemStatus)).toEqual([undefined, undefined]);
  });

  it('restores a removed block at the end of the zone, its fields sent as shown', () => {
    const removed = apply((d) => removeBlock(d, ZONE_BLOCK, IDS.hero));
    const { region } = apply(
      (d) => restoreBlock(d, ZONE_BLOCK, IDS.hero, WIDGETS.hero, sequentialIds()),
      removed.next,
    );
    expect(shape(zoneLayout(region)).at(-1)).toBe(IDS.hero);
    const hero = region.content_blocks[IDS.hero]!;
    expect(hero.cmsItemStatus).toBeUndefined();
    expect(Object.values(hero.content_blocks_fields).map((f) => f.cmsItemStatus)).toEqual([
      { edited: true },
      { edited: true },
    ]);
  });
});

describe('reading the layout', () => {
  const layout = zoneLayout(zoneRegion(pageDraft(), ZONE_BLOCK)!);

  it('steps to a neighbour, and out of a container item at its edges', () => {
    expect(siblingMove(layout, IDS.quote, -1)).toEqual({
      position: 'before',
      targetId: IDS.hero,
    });
    expect(siblingMove(layout, IDS.quote, 1)).toEqual({
      position: 'after',
      targetId: IDS.grid,
    });
    expect(siblingMove(layout, IDS.hero, -1)).toBeNull();
    expect(siblingMove(layout, IDS.grid, 1)).toBeNull();
    expect(siblingMove(layout, IDS.card, -1)).toEqual({
      position: 'before',
      targetId: IDS.grid,
    });
    expect(siblingMove(layout, IDS.card, 1)).toEqual({
      position: 'after',
      targetId: IDS.grid,
    });
  });

  it('lists container items with their container and position', () => {
    expect(
      containerItems(layout).map(({ item, container, index }) => [item.id, container.id, index]),
    ).toEqual([
      [IDS.itemA, IDS.grid, 0],
      [IDS.itemB, IDS.grid, 1],
    ]);
  });

  it('reads a block as edited once one of its fields changed', () => {
    const next = produce(pageDraft(), (d) => {
      zoneRegion(d, ZONE_BLOCK)!.content_blocks[IDS.hero]!.content_blocks_fields[
        'w-hero:heading'
      ]!.cmsItemStatus = {
        edited: true,
      };
    });
    const region = zoneRegion(next, ZONE_BLOCK)!;
    expect(blockState(region.content_blocks[IDS.hero]!)).toBe('edited');
    expect(blockState(region.content_blocks[IDS.quote]!)).toBeNull();
  });

  it('lays out a region without a value as an empty zone', () => {
    expect(zoneLayout({ region_id: REGION, region_value: null })).toEqual({
      id: REGION,
      type: 'dynamicZone',
      blocks: [],
    });
  });
});
