// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SensorContext } from '@dnd-kit/core';
import { dropTargetSteps } from './drop-rules';

/** Drop targets as dnd-kit measures them: id -> rect. */
function contextWith(targets: Record<string, { top: number; left?: number }>): SensorContext {
  const rects = new Map(
    Object.entries(targets).map(([id, { top, left = 0 }]) => [
      id,
      { top, left, width: 200, height: 10, bottom: top + 10, right: left + 200 },
    ]),
  );
  const containers = [...rects.keys()].map((id) => ({ id, disabled: false }));
  return {
    // The lifted block: 100 px tall, its centre at y = 150.
    collisionRect: { top: 100, left: 0, width: 200, height: 100, bottom: 200, right: 200 },
    droppableRects: rects,
    droppableContainers: { getEnabled: () => containers },
  } as unknown as SensorContext;
}

const press = (code: string, context: SensorContext) =>
  dropTargetSteps(new KeyboardEvent('keydown', { code }), {
    active: 'quote',
    currentCoordinates: { x: 50, y: 500 },
    context,
  });

describe('the keyboard steps of a lifted block', () => {
  const context = contextWith({
    'before:quote': { top: 95 },
    'after:quote': { top: 195 },
    'after:next': { top: 595 },
    'side:column': { top: 195, left: 400 },
  });

  it('Arrow Down goes to the nearest drop target below, however far it is', () => {
    // after:quote's centre is 50 px below the block's: the same move from the current point.
    expect(press('ArrowDown', context)).toEqual({ x: 50, y: 550 });
  });

  it('Arrow Up goes to the nearest drop target above', () => {
    expect(press('ArrowUp', context)).toEqual({ x: 50, y: 450 });
  });

  it('stays put where there is no target further on', () => {
    expect(press('ArrowUp', contextWith({ 'after:next': { top: 595 } }))).toBeUndefined();
  });

  it('moves sideways by the default step', () => {
    const moved = press('ArrowRight', context);
    expect(moved?.y).toBe(500);
    expect(moved!.x).toBeGreaterThan(50);
  });
});
