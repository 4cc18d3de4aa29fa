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
  /** Every id in tree order. */
  order: string[];
  /**
   * The filter's haystack, built once per menu: every name in lower case, in tree order, each
   * followed by a line break (no filter holds one), and where each name starts in it.
   */
  names: string;
  starts: Int32Array;
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
  const starts = new Int32Array(order.length);
  let offset = 0;
  lowerNames.forEach((name, at) => {
    starts[at] = offset;
    offset += name.length + 1;
  });
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
    names: lowerNames.join('\n') + '\n',
    starts,
  };
}

// The filter's effective text is the picker's too.
export { activeFilter } from '@canopy/ui/items';

/**
 * Items whose name contains the (lower-case) filter, in tree order (a flat list): one search
 * through all the names, each hit mapped to its item by where it starts, the search going on
 * from the next name.
 */
export function filterItems(index: ForestIndex, filter: string): string[] {
  const matches: string[] = [];
  const { order, names, starts } = index;
  if (filter.includes('\n') || order.length === 0) return matches;
  let item = 0;
  for (let at = names.indexOf(filter); at !== -1;) {
    // The last name starting at or before the hit (names only move forward).
    let high = order.length - 1;
    while (item < high) {
      const middle = (item + high + 1) >> 1;
      if (starts[middle]! <= at) item = middle;
      else high = middle - 1;
    }
    matches.push(order[item]!);
    item += 1;
    if (item === order.length) break;
    at = names.indexOf(filter, starts[item]);
  }
  return matches;
}

/**
 * Whether the tree shows a row for `id`: among the matches when a filter is on, otherwise an
 * item whose every ancestor is expanded.
 */
export function isShown(
  index: ForestIndex,
  id: string,
  matches: readonly string[] | null,
  expanded: readonly string[],
): boolean {
  if (!index.items.has(id)) return false;
  if (matches) return matches.includes(id);
  const open = new Set(expanded);
  return index
    .ancestry(id)
    .slice(0, -1)
    .every((ancestor) => open.has(ancestor));
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
