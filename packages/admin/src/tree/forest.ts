/** The menu forest indexed for the tree panel: items by id, children ids, parents, filtering. */
import type { MenuItem } from '@canopy/core';

export const ROOT_ID = '__root__';

export interface ForestIndex {
  items: Map<string, MenuItem>;
  children: Map<string, string[]>;
  /** Ids from the top down to the item, the item included. */
  ancestry(id: string): string[];
  /** Whether `candidate` lies in the subtree of `ancestor` (the ancestor itself excluded). */
  isInside(candidate: string, ancestor: string): boolean;
  /** Every id in tree order, and its name in lower case beside it: the filter's one loop. */
  order: string[];
  lowerNames: string[];
}

export function indexForest(forest: readonly MenuItem[]): ForestIndex {
  const items = new Map<string, MenuItem>();
  const children = new Map<string, string[]>([[ROOT_ID, []]]);
  const order: string[] = [];
  const lowerNames: string[] = [];
  const walk = (item: MenuItem, parentKey: string) => {
    items.set(item.content_id, item);
    order.push(item.content_id);
    lowerNames.push(item.content_name.toLowerCase());
    children.get(parentKey)!.push(item.content_id);
    children.set(item.content_id, []);
    item.children.forEach((child) => walk(child, item.content_id));
  };
  forest.forEach((root) => walk(root, ROOT_ID));
  const ancestry = (id: string) => {
    const chain: string[] = [];
    for (let current = items.get(id); current;) {
      chain.unshift(current.content_id);
      current = current.parent_id ? items.get(current.parent_id) : undefined;
    }
    return chain;
  };
  return {
    items,
    children,
    ancestry,
    isInside: (candidate, ancestor) =>
      candidate !== ancestor && ancestry(candidate).includes(ancestor),
    order,
    lowerNames,
  };
}

// The filter's effective text is the picker's too.
export { activeFilter } from '@canopy/ui/items';

/** Items whose name contains the filter, case-insensitively, in tree order (a flat list). */
export function filterItems(index: ForestIndex, filter: string): string[] {
  const matches: string[] = [];
  const { order, lowerNames } = index;
  for (let at = 0; at < order.length; at++) {
    if (lowerNames[at]!.includes(filter)) matches.push(order[at]!);
  }
  return matches;
}

/** The admin route of an item (deep link). */
export function itemRoute(item: Pick<MenuItem, 'content_id' | 'item_type'>): string {
  return item.item_type === 'template'
    ? `/templates/${item.content_id}`
    : `/content/${item.content_id}`;
}

/**
 * What the tree holds for an id its menu no longer has (an item just removed, still selected or
 * focused until the tree's state catches up): a nameless item with nothing under it and no
 * rights, never an error.
 */
export function goneItem(id: string): MenuItem {
  return {
    content_id: id,
    content_name: '',
    content_order: 0,
    content_type_id: null,
    template_type_id: null,
    template_id: null,
    item_type: 'content',
    is_active: 0,
    is_locked: 0,
    locked_by: null,
    lvl: 0,
    parent_id: null,
    path: '',
    custom_icon: null,
    media_url: null,
    page_url: null,
    allowed_content_type: '',
    allowed_template_type: '',
    permissions: [],
    children: [],
  };
}
