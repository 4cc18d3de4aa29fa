/**
 * Drag and drop in a zone (dnd-kit): every block is sortable in its list (the zone, or a container
 * item), every list is a droppable. A drop turns into a §4 layout move: before or after the block
 * it landed on, or at the end of the list it landed in.
 */
import {
  closestCenter,
  pointerWithin,
  type Active,
  type CollisionDetection,
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

/** Where a dropped block goes, or null when it was dropped where it already is. */
export function dropPlacement(
  layout: LayoutNode,
  active: Pick<Active, 'id' | 'rect'>,
  over: Pick<Over, 'id' | 'rect'>,
): LayoutPlacement | null {
  const activeId = String(active.id);
  const target = droppableNode(String(over.id));
  if (target.nodeId === activeId) return null;
  if (target.isList) return { position: 'into', targetId: target.nodeId };

  const from = findLayoutNode(layout, activeId);
  const to = findLayoutNode(layout, target.nodeId);
  if (!from || !to) return null;
  if (from.parent && from.parent === to.parent) {
    // Within one list the block takes the target's place, as the sorted preview showed it.
    return {
      position: from.index < to.index ? 'after' : 'before',
      targetId: target.nodeId,
    };
  }
  const dragged = active.rect.current.translated;
  const middle = over.rect.top + over.rect.height / 2;
  const below = dragged ? dragged.top + dragged.height / 2 > middle : false;
  return { position: below ? 'after' : 'before', targetId: target.nodeId };
}
