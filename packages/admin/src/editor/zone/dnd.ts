/**
 * Drag and drop in a zone (dnd-kit): every block is sortable in its list (the zone, or a container
 * item), every list is a droppable. A drop turns into a §4 layout move: before or after the block
 * it landed on, or at the end of the list it landed in.
 */
import {
  closestCenter,
  pointerWithin,
  type CollisionDetection,
  type DragMoveEvent,
  type Over,
} from '@dnd-kit/core';
import { findLayoutNode, type LayoutNode, type LayoutPlacement } from '@canopy/core';

const LIST_PREFIX = 'list:';

/** The droppable id of the list of blocks a node holds (the zone root or a container item). */
export const listId = (nodeId: string) => `${LIST_PREFIX}${nodeId}`;

/** The node a droppable stands for: a list's owner, or the block itself. */
export function droppableNode(id: string): { nodeId: string; isList: boolean } {
  return id.startsWith(LIST_PREFIX)
    ? { nodeId: id.slice(LIST_PREFIX.length), isList: true }
    : { nodeId: id, isList: false };
}

/**
 * The innermost droppable under the pointer, never the dragged block or anything inside it (a
 * block cannot go into itself); without a pointer (keyboard), the closest centre.
 */
export function zoneCollisions(layout: () => LayoutNode): CollisionDetection {
  return (args) => {
    const dragged = findLayoutNode(layout(), String(args.active.id))?.node;
    const allowed = args.droppableContainers.filter((container) => {
      const { nodeId } = droppableNode(String(container.id));
      return !dragged || findLayoutNode(dragged, nodeId) == null;
    });
    const scoped = { ...args, droppableContainers: allowed };
    const under = pointerWithin(scoped);
    if (under.length === 0) return closestCenter(scoped);
    const area = (id: string | number) => {
      const rect = args.droppableRects.get(id);
      return rect ? rect.width * rect.height : Infinity;
    };
    return [...under].sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
  };
}

/** Lists keep still while a block is dragged over them (the drop line shows the place). */
export const stillStrategy = () => null;

/** Where a dragged block would go, or null when it is over itself. */
export function dropPlacement(
  layout: LayoutNode,
  activeId: string,
  over: Pick<Over, 'id' | 'rect'>,
  pointerY: number,
): LayoutPlacement | null {
  const target = droppableNode(String(over.id));
  if (target.nodeId === activeId) return null;
  if (target.isList) return { position: 'into', targetId: target.nodeId };
  if (!findLayoutNode(layout, target.nodeId)) return null;
  // Above or below the target's middle, as the drop line shows it.
  const below = pointerY > over.rect.top + over.rect.height / 2;
  return { position: below ? 'after' : 'before', targetId: target.nodeId };
}

/**
 * Where the pointer is now: where the drag started plus how far it went; for the keyboard, the
 * middle of the dragged block's top part.
 */
export function pointerY(
  event: Pick<DragMoveEvent, 'activatorEvent' | 'delta' | 'active'>,
): number {
  const start = event.activatorEvent;
  if (start && 'clientY' in start) return (start as PointerEvent).clientY + event.delta.y;
  const rect = event.active.rect.current.translated;
  return rect ? rect.top + Math.min(rect.height, 48) / 2 : 0;
}
