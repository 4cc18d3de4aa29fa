// @vitest-environment happy-dom
/** What a drop means in a zone: before or after the block it landed on, or into a list. */
import { describe, expect, it } from 'vitest';
import type { Over } from '@dnd-kit/core';
import { dropPlacement, listId, pointerY } from './dnd';
import { zoneLayout, zoneRegion } from '@canopy/ui/draft';
import { IDS, ZONE_BLOCK, pageDraft } from './test-fixtures';

const layout = zoneLayout(zoneRegion(pageDraft(), ZONE_BLOCK)!);

function rect(top: number, height = 100) {
  return { top, height, left: 0, width: 400, bottom: top + height, right: 400 };
}
const over = (id: string, top = 500): Pick<Over, 'id' | 'rect'> => ({ id, rect: rect(top) });

describe('dropPlacement', () => {
  it('goes before or after the block it is over, by the pointer against its middle', () => {
    expect(dropPlacement(layout, IDS.hero, over(IDS.quote, 500), 549)).toEqual({
      position: 'before',
      targetId: IDS.quote,
    });
    expect(dropPlacement(layout, IDS.card, over(IDS.quote, 500), 551)).toEqual({
      position: 'after',
      targetId: IDS.quote,
    });
  });

  it('into a list (an empty container item or the zone) at its end; nowhere onto itself', () => {
    expect(dropPlacement(layout, IDS.quote, over(listId(IDS.itemB)), 0)).toEqual({
      position: 'into',
      targetId: IDS.itemB,
    });
    expect(dropPlacement(layout, IDS.hero, over(IDS.hero), 0)).toBeNull();
    expect(dropPlacement(layout, IDS.hero, over('gone'), 0)).toBeNull();
  });
});

describe('pointerY', () => {
  it('follows the pointer from where the drag started, or the block for the keyboard', () => {
    const active = (top: number) => ({
      id: IDS.hero,
      data: { current: undefined },
      rect: { current: { initial: null, translated: rect(top, 300) } },
    });
    const byPointer = { clientY: 120 } as PointerEvent;
    expect(pointerY({ activatorEvent: byPointer, delta: { x: 0, y: 80 }, active: active(0) })).toBe(
      200,
    );
    const byKey = new KeyboardEvent('keydown', { key: ' ' });
    expect(pointerY({ activatorEvent: byKey, delta: { x: 0, y: 0 }, active: active(400) })).toBe(
      424,
    );
  });
});
