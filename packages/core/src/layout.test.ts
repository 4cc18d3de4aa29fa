import { describe, expect, it } from 'vitest';
import type { LayoutNode } from './entities';
import {
  containerWithItems,
  duplicateLayoutIds,
  emptyZoneLayout,
  findLayoutNode,
  isLayoutNode,
  LAYOUT_TOO_DEEP_MESSAGE,
  layoutBlockIds,
  layoutDepth,
  MAX_LAYOUT_DEPTH,
  moveLayoutNode,
  placeLayoutNode,
  removeLayoutNode,
  type LayoutResult,
} from './layout';

/** zone > [hero, container > [left > [text], right > []], footer] */
function sample(): LayoutNode {
  return {
    id: 'zone',
    type: 'dynamicZone',
    blocks: [
      { id: 'hero' },
      {
        id: 'container',
        type: 'container',
        blocks: [
          { id: 'left', type: 'containerItem', blocks: [{ id: 'text' }] },
          { id: 'right', type: 'containerItem', blocks: [] },
        ],
      },
      { id: 'footer' },
    ],
  };
}

/** The tree as nested ids, to compare shapes at a glance. */
function shape(node: LayoutNode): unknown {
  return node.blocks === undefined ? node.id : { [node.id]: node.blocks.map(shape) };
}

function layoutOf(result: LayoutResult): LayoutNode {
  expect(result.ok).toBe(true);
  return result.layout;
}

describe('emptyZoneLayout', () => {
  it('is a dynamic zone without blocks', () => {
    expect(emptyZoneLayout('z1')).toEqual({ id: 'z1', type: 'dynamicZone', blocks: [] });
  });
});

describe('containerWithItems', () => {
  it('creates exactly two empty container items with fresh ids', () => {
    const ids = ['item-1', 'item-2', 'unused'];
    expect(containerWithItems('c1', () => ids.shift()!)).toEqual({
      id: 'c1',
      type: 'container',
      blocks: [
        { id: 'item-1', type: 'containerItem', blocks: [] },
        { id: 'item-2', type: 'containerItem', blocks: [] },
      ],
    });
    expect(ids).toEqual(['unused']);
  });
});

describe('findLayoutNode', () => {
  it('finds a nested node with its parent and index', () => {
    const layout = sample();
    const found = findLayoutNode(layout, 'right');
    expect(found?.node.id).toBe('right');
    expect(found?.parent?.id).toBe('container');
    expect(found?.index).toBe(1);
    expect(findLayoutNode(layout, 'text')?.parent?.id).toBe('left');
  });

  it('finds the root without a parent', () => {
    expect(findLayoutNode(sample(), 'zone')).toMatchObject({ parent: null, index: -1 });
  });

  it('is null for an unknown id', () => {
    expect(findLayoutNode(sample(), 'nope')).toBeNull();
  });
});

describe('layoutBlockIds', () => {
  it('lists every id below the root in document order', () => {
    expect(layoutBlockIds(sample())).toEqual([
      'hero',
      'container',
      'left',
      'text',
      'right',
      'footer',
    ]);
    expect(layoutBlockIds(emptyZoneLayout('z'))).toEqual([]);
  });
});

describe('duplicateLayoutIds', () => {
  it('lists ids used more than once', () => {
    expect(duplicateLayoutIds(sample())).toEqual([]);
    const layout: LayoutNode = {
      id: 'z',
      blocks: [{ id: 'a' }, { id: 'b', blocks: [{ id: 'a' }] }],
    };
    expect(duplicateLayoutIds(layout)).toEqual(['a']);
  });
});

describe('isLayoutNode', () => {
  it('accepts nested layouts', () => {
    expect(isLayoutNode(sample())).toBe(true);
    expect(isLayoutNode({ id: 'z' })).toBe(true);
  });

  it.each([
    null,
    'zone',
    [],
    {},
    { id: '' },
    { id: 3 },
    { id: 'z', type: 1 },
    { id: 'z', blocks: {} },
    { id: 'z', blocks: [{ id: 'a' }, { name: 'b' }] },
  ])('refuses %j', (value) => {
    expect(isLayoutNode(value)).toBe(false);
  });
});

describe('placeLayoutNode', () => {
  it('inserts before and after a nested target', () => {
    const before = layoutOf(
      placeLayoutNode(sample(), { id: 'new' }, { position: 'before', targetId: 'text' }),
    );
    expect(findLayoutNode(before, 'left')?.node.blocks?.map((b) => b.id)).toEqual(['new', 'text']);

    const after = layoutOf(
      placeLayoutNode(sample(), { id: 'new' }, { position: 'after', targetId: 'hero' }),
    );
    expect(after.blocks?.map((b) => b.id)).toEqual(['hero', 'new', 'container', 'footer']);
  });

  it('appends into a container item or the zone', () => {
    const into = layoutOf(
      placeLayoutNode(sample(), { id: 'new' }, { position: 'into', targetId: 'right' }),
    );
    expect(findLayoutNode(into, 'new')?.parent?.id).toBe('right');

    const last = layoutOf(
      placeLayoutNode(sample(), { id: 'new' }, { position: 'into', targetId: 'zone' }),
    );
    expect(last.blocks?.at(-1)?.id).toBe('new');
  });

  it('places a dropped container with its two items', () => {
    const ids = ['i1', 'i2'];
    const layout = layoutOf(
      placeLayoutNode(
        sample(),
        containerWithItems('c2', () => ids.shift()!),
        { position: 'after', targetId: 'footer' },
      ),
    );
    expect(layoutBlockIds(layout).slice(-3)).toEqual(['c2', 'i1', 'i2']);
  });

  it('leaves the input untouched and shares unchanged subtrees', () => {
    const original = sample();
    const snapshot = structuredClone(original);
    const layout = layoutOf(
      placeLayoutNode(original, { id: 'new' }, { position: 'into', targetId: 'right' }),
    );
    expect(original).toEqual(snapshot);
    expect(layout.blocks?.[0]).toBe(original.blocks?.[0]);
    expect(layout.blocks?.[1]).not.toBe(original.blocks?.[1]);
  });

  it('reports a missing target instead of throwing', () => {
    const original = sample();
    const result = placeLayoutNode(original, { id: 'new' }, { position: 'before', targetId: 'x' });
    expect(result).toEqual({ ok: false, layout: original, reason: 'notFound', id: 'x' });
  });

  it('refuses to put a sibling beside the zone root', () => {
    const result = placeLayoutNode(
      sample(),
      { id: 'new' },
      { position: 'after', targetId: 'zone' },
    );
    expect(result).toMatchObject({ ok: false, reason: 'invalidTarget', id: 'zone' });
  });

  it('refuses a node whose id, or a nested id, is already in the tree', () => {
    expect(
      placeLayoutNode(sample(), { id: 'hero' }, { position: 'into', targetId: 'zone' }),
    ).toMatchObject({ ok: false, reason: 'duplicateId', id: 'hero' });
    expect(
      placeLayoutNode(
        sample(),
        { id: 'c2', blocks: [{ id: 'left' }] },
        { position: 'into', targetId: 'zone' },
      ),
    ).toMatchObject({ ok: false, reason: 'duplicateId', id: 'left' });
  });
});

describe('removeLayoutNode', () => {
  it('removes a node and everything inside it from its parent', () => {
    const result = removeLayoutNode(sample(), 'container');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.removed.id).toBe('container');
    expect(shape(result.layout)).toEqual({ zone: ['hero', 'footer'] });
  });

  it('removes a nested node', () => {
    const result = removeLayoutNode(sample(), 'text');
    expect(result.ok && shape(result.layout)).toEqual({
      zone: ['hero', { container: [{ left: [] }, { right: [] }] }, 'footer'],
    });
  });

  it('reports a missing node and keeps the root', () => {
    const original = sample();
    expect(removeLayoutNode(original, 'x')).toEqual({
      ok: false,
      layout: original,
      reason: 'notFound',
      id: 'x',
    });
    expect(removeLayoutNode(original, 'zone')).toMatchObject({
      ok: false,
      reason: 'invalidTarget',
    });
  });
});

describe('moveLayoutNode', () => {
  it('moves a block before or after a target', () => {
    expect(
      shape(layoutOf(moveLayoutNode(sample(), 'footer', { position: 'before', targetId: 'hero' }))),
    ).toEqual({ zone: ['footer', 'hero', { container: [{ left: ['text'] }, { right: [] }] }] });
    expect(
      shape(layoutOf(moveLayoutNode(sample(), 'hero', { position: 'after', targetId: 'footer' }))),
    ).toEqual({ zone: [{ container: [{ left: ['text'] }, { right: [] }] }, 'footer', 'hero'] });
  });

  it('moves a block into a container item', () => {
    const layout = layoutOf(
      moveLayoutNode(sample(), 'hero', { position: 'into', targetId: 'right' }),
    );
    expect(shape(layout)).toEqual({
      zone: [{ container: [{ left: ['text'] }, { right: ['hero'] }] }, 'footer'],
    });
  });

  it('moves a nested block out to the zone', () => {
    const layout = layoutOf(
      moveLayoutNode(sample(), 'text', { position: 'before', targetId: 'hero' }),
    );
    expect(layoutBlockIds(layout)).toEqual([
      'text',
      'hero',
      'container',
      'left',
      'right',
      'footer',
    ]);
  });

  it('changes nothing when a block is placed beside itself', () => {
    const original = sample();
    expect(moveLayoutNode(original, 'hero', { position: 'after', targetId: 'hero' })).toEqual({
      ok: true,
      layout: original,
    });
  });

  it('refuses to move a node into itself or its own items', () => {
    expect(
      moveLayoutNode(sample(), 'container', { position: 'into', targetId: 'left' }),
    ).toMatchObject({ ok: false, reason: 'invalidTarget', id: 'left' });
    expect(
      moveLayoutNode(sample(), 'right', { position: 'into', targetId: 'right' }),
    ).toMatchObject({ ok: false, reason: 'invalidTarget', id: 'right' });
  });

  it('reports a missing block or target', () => {
    const original = sample();
    expect(moveLayoutNode(original, 'x', { position: 'into', targetId: 'zone' })).toEqual({
      ok: false,
      layout: original,
      reason: 'notFound',
      id: 'x',
    });
    expect(moveLayoutNode(original, 'hero', { position: 'into', targetId: 'y' })).toEqual({
      ok: false,
      layout: original,
      reason: 'notFound',
      id: 'y',
    });
  });
});

describe('layoutDepth', () => {
  const nested = (levels: number) => {
    let node: LayoutNode = { id: 'leaf', blocks: [] };
    for (let i = 1; i < levels; i++) node = { id: `n${i}`, blocks: [node] };
    return node;
  };

  it('counts the zone as level 1 and each nested block as one more', () => {
    expect(layoutDepth({ id: 'z', type: 'dynamicZone', blocks: [] })).toBe(1);
    expect(layoutDepth(nested(3))).toBe(3);
    expect(layoutDepth(nested(MAX_LAYOUT_DEPTH))).toBe(MAX_LAYOUT_DEPTH);
  });

  it('stops past the limit, so a layout 100,000 deep is measured without overflowing', () => {
    expect(layoutDepth(nested(100_000))).toBe(MAX_LAYOUT_DEPTH + 1);
  });

  it('names the limit in its message', () => {
    expect(LAYOUT_TOO_DEEP_MESSAGE).toBe('A zone layout may nest at most 20 levels deep');
  });
});
