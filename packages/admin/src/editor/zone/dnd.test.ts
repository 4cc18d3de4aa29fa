/** What a drop means in a zone: before or after the block it landed on, or into a list. */
import { describe, expect, it } from 'vitest';
import type { Active, Over } from '@dnd-kit/core';
import { dropPlacement, listId } from './dnd';
import { zoneLayout, zoneRegion } from './draft-ops';
import { IDS, ZONE_BLOCK, pageDraft } from './test-fixtures';

const layout = zoneLayout(zoneRegion(pageDraft(), ZONE_BLOCK)!);

function rect(top: number, height = 100) {
  return { top, height, left: 0, width: 400, bottom: top + height, right: 400 };
}
const active = (id: string, top?: number): Pick<Active, 'id' | 'rect'> => ({
  id,
  rect: { current: { initial: null, translated: top === undefined ? null : rect(top) } },
});
const over = (id: string, top = 500): Pick<Over, 'id' | 'rect'> => ({ id, rect: rect(top) });

describe('dropPlacement', () => {
  it('within one list, takes the place of the block it landed on', () => {
    expect(dropPlacement(layout, active(IDS.hero), over(IDS.quote))).toEqual({
      position: 'after',
      targetId: IDS.quote,
    });
    expect(dropPlacement(layout, active(IDS.grid), over(IDS.hero))).toEqual({
      position: 'before',
      targetId: IDS.hero,
    });
  });

  it('from another list, goes above or below by where the dragged block is', () => {
    expect(dropPlacement(layout, active(IDS.card, 420), over(IDS.quote, 500))).toEqual({
      position: 'before',
      targetId: IDS.quote,
    });
    expect(dropPlacement(layout, active(IDS.card, 560), over(IDS.quote, 500))).toEqual({
      position: 'after',
      targetId: IDS.quote,
    });
  });

  it('into a list (an empty container item or the zone) at its end; nowhere onto itself', () => {
    expect(dropPlacement(layout, active(IDS.quote), over(listId(IDS.itemB)))).toEqual({
      position: 'into',
      targetId: IDS.itemB,
    });
    expect(dropPlacement(layout, active(IDS.hero), over(IDS.hero))).toBeNull();
  });
});
