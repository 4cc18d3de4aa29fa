/** Planning a tree move (§4 Reorder, §7 Reorder saves): who may go where, and what to save. */
import type { ItemType, Permission } from './entities';
import { isAllowedChild, type ParentRules } from './placement';
import { childPath } from './tree';

export interface MovableItem extends ParentRules {
  content_id: string;
  parent_id: string | null;
  item_type: ItemType;
  template_type_id: string | null;
  content_order: number;
  path: string;
  permissions: readonly Permission[];
}

/** One reorder save: content_order (or template_order) and, for the moved item, parent_id. */
export interface ReorderSave {
  id: string;
  item_type: ItemType;
  order: number;
  parent_id?: string;
}

export interface MovePlan {
  /** True when the item lands under another parent: the move asks for confirmation first. */
  pathChanged: boolean;
  /** The item's path after the move. */
  newPath: string;
  /** Every sibling whose order changes, in the old and the new parent, the moved item included. */
  saves: ReorderSave[];
}

/** Whether a person may start dragging the item (§4: reorder mode, below the top level, Edit). */
export function canDragItem(item: Pick<MovableItem, 'parent_id' | 'permissions'>): boolean {
  return item.parent_id !== null && item.permissions.includes('Edit');
}

/**
 * Whether `item` may become a child of `parent` (§4): the parent grants Edit or Create and
 * allows the item's type; an item never goes inside itself or its own subtree.
 */
export function isMoveAllowed(
  item: MovableItem,
  parent: MovableItem,
  isInsideItem: (candidate: string) => boolean,
): boolean {
  if (parent.content_id === item.content_id || isInsideItem(parent.content_id)) return false;
  if (parent.item_type !== item.item_type) return false;
  if (!parent.permissions.includes('Edit') && !parent.permissions.includes('Create')) return false;
  return item.template_type_id !== null && isAllowedChild(parent, item.template_type_id);
}

/**
 * The saves of a move: `oldSiblings` and `newSiblings` are the children of the old and the new
 * parent in their current order (the moved item still among the old ones), `index` where it goes
 * among the new parent's children once it has left its old place. Orders are renumbered 1..n and
 * only items whose order (or parent) changes are saved.
 */
export function planMove(
  item: MovableItem,
  newParent: Pick<MovableItem, 'content_id' | 'path'>,
  oldSiblings: readonly MovableItem[],
  newSiblings: readonly MovableItem[],
  index: number,
): MovePlan {
  const sameParent = item.parent_id === newParent.content_id;
  const remaining = oldSiblings.filter((sibling) => sibling.content_id !== item.content_id);
  const target = sameParent
    ? remaining
    : newSiblings.filter((sibling) => sibling.content_id !== item.content_id);
  const at = Math.max(0, Math.min(index, target.length));
  const placed = [...target.slice(0, at), item, ...target.slice(at)];

  const saves: ReorderSave[] = [];
  const renumber = (list: readonly MovableItem[]) =>
    list.forEach((sibling, position) => {
      const order = position + 1;
      const moved = sibling.content_id === item.content_id && !sameParent;
      if (order === sibling.content_order && !moved) return;
      saves.push({
        id: sibling.content_id,
        item_type: sibling.item_type,
        order,
        ...(moved && { parent_id: newParent.content_id }),
      });
    });
  if (!sameParent) renumber(remaining);
  renumber(placed);

  const newPath = childPath(newParent.path, at + 1);
  return { pathChanged: !sameParent, newPath, saves };
}
