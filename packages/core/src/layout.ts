/**
 * Dynamic-zone layout trees (§3 region_value) and the layout moves of §4 as pure functions:
 * every change returns a new tree (untouched subtrees are shared) and a missing item is
 * reported in the result, never thrown.
 */
import type { LayoutNode } from './entities';
import { nestingDepth } from './depth';

/** The type of a zone's root node (§3). */
export const DYNAMIC_ZONE_TYPE = 'dynamicZone';
export const CONTAINER_TYPE = 'container';
export const CONTAINER_ITEM_TYPE = 'containerItem';
/** A Container Widget creates exactly this many container items when dropped (§3). */
export const CONTAINER_ITEM_COUNT = 2;

/** Where a block goes: before or after a target, or at the end of the target's blocks. */
export interface LayoutPlacement {
  position: 'before' | 'after' | 'into';
  targetId: string;
}

/**
 * Why a change was not made: an id is missing, the target cannot take the node (the zone root
 * has no siblings; a node cannot go inside itself), or a new node's id is already in the tree.
 */
export type LayoutFailure = 'notFound' | 'invalidTarget' | 'duplicateId';

export type LayoutResult =
  | { ok: true; layout: LayoutNode }
  | { ok: false; layout: LayoutNode; reason: LayoutFailure; id: string };

export type LayoutRemoval =
  | { ok: true; layout: LayoutNode; removed: LayoutNode }
  | { ok: false; layout: LayoutNode; reason: LayoutFailure; id: string };

export interface LayoutLocation {
  node: LayoutNode;
  /** Null for the root. */
  parent: LayoutNode | null;
  /** The node's index among its parent's blocks; -1 for the root. */
  index: number;
}

/** How deep a zone layout may nest (the zone itself is level 1): containers in containers... */
export const MAX_LAYOUT_DEPTH = 20;

export const LAYOUT_TOO_DEEP_MESSAGE = `A zone layout may nest at most ${MAX_LAYOUT_DEPTH} levels deep`;

/** The depth of a layout value (1 for a zone without blocks); stops counting past `limit`. */
export function layoutDepth(root: unknown, limit = MAX_LAYOUT_DEPTH): number {
  return nestingDepth(
    root,
    (node) => {
      const blocks = (node as { blocks?: unknown }).blocks;
      return Array.isArray(blocks) ? blocks : [];
    },
    limit,
  );
}

/** An empty zone layout: `{ id, type: 'dynamicZone', blocks: [] }`. */
export function emptyZoneLayout(zoneId: string): LayoutNode {
  return { id: zoneId, type: DYNAMIC_ZONE_TYPE, blocks: [] };
}

/** A dropped Container Widget: the container with its two empty container items. */
export function containerWithItems(containerId: string, makeId: () => string): LayoutNode {
  const items = Array.from({ length: CONTAINER_ITEM_COUNT }, () => ({
    id: makeId(),
    type: CONTAINER_ITEM_TYPE,
    blocks: [],
  }));
  return { id: containerId, type: CONTAINER_TYPE, blocks: items };
}

/** Finds a node by id anywhere in the tree (the root included), with its parent and index. */
export function findLayoutNode(root: LayoutNode, id: string): LayoutLocation | null {
  const path = pathTo(root, id);
  if (path == null) return null;
  if (path.length === 0) return { node: root, parent: null, index: -1 };
  const parent = nodeAt(root, path.slice(0, -1));
  const index = path[path.length - 1]!;
  return { node: parent.blocks![index]!, parent, index };
}

/** The ids of every node below the root, nested ones included, in document order. */
export function layoutBlockIds(root: LayoutNode): string[] {
  const ids: string[] = [];
  const visit = (node: LayoutNode) => {
    for (const child of node.blocks ?? []) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(root);
  return ids;
}

/** Ids that occur more than once in the tree (the root included), each listed once. */
export function duplicateLayoutIds(root: LayoutNode): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of [root.id, ...layoutBlockIds(root)]) {
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  return [...duplicates];
}

/** Whether a value has the shape of a layout node: a non-empty string id, blocks nested alike. */
export function isLayoutNode(value: unknown): value is LayoutNode {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const node = value as Record<string, unknown>;
  if (typeof node.id !== 'string' || node.id === '') return false;
  if (node.type !== undefined && typeof node.type !== 'string') return false;
  if (node.blocks === undefined) return true;
  return Array.isArray(node.blocks) && node.blocks.every(isLayoutNode);
}

/** Puts a new node (with any nested blocks) before or after a target, or into it at the end. */
export function placeLayoutNode(
  root: LayoutNode,
  node: LayoutNode,
  placement: LayoutPlacement,
): LayoutResult {
  const existing = new Set([root.id, ...layoutBlockIds(root)]);
  const clash = [node.id, ...layoutBlockIds(node)].find((id) => existing.has(id));
  if (clash !== undefined) return { ok: false, layout: root, reason: 'duplicateId', id: clash };

  const targetPath = pathTo(root, placement.targetId);
  if (targetPath == null) {
    return { ok: false, layout: root, reason: 'notFound', id: placement.targetId };
  }
  if (placement.position === 'into') {
    const layout = replaceAt(root, targetPath, (target) => ({
      ...target,
      blocks: [...(target.blocks ?? []), node],
    }));
    return { ok: true, layout };
  }
  if (targetPath.length === 0) {
    return { ok: false, layout: root, reason: 'invalidTarget', id: placement.targetId };
  }
  const index = targetPath[targetPath.length - 1]! + (placement.position === 'after' ? 1 : 0);
  const layout = replaceAt(root, targetPath.slice(0, -1), (parent) => {
    const blocks = [...(parent.blocks ?? [])];
    blocks.splice(index, 0, node);
    return { ...parent, blocks };
  });
  return { ok: true, layout };
}

/** Takes a node (and everything inside it) out of its parent. The root cannot be removed. */
export function removeLayoutNode(root: LayoutNode, id: string): LayoutRemoval {
  const path = pathTo(root, id);
  if (path == null) return { ok: false, layout: root, reason: 'notFound', id };
  if (path.length === 0) return { ok: false, layout: root, reason: 'invalidTarget', id };
  const index = path[path.length - 1]!;
  const removed = nodeAt(root, path);
  const layout = replaceAt(root, path.slice(0, -1), (parent) => ({
    ...parent,
    blocks: (parent.blocks ?? []).filter((_, i) => i !== index),
  }));
  return { ok: true, layout, removed };
}

/**
 * Moves an existing node before or after a target, or into a container item (at its end).
 * Placing a node before or after itself changes nothing; placing it inside itself is refused.
 */
export function moveLayoutNode(
  root: LayoutNode,
  id: string,
  placement: LayoutPlacement,
): LayoutResult {
  const location = findLayoutNode(root, id);
  if (location == null) return { ok: false, layout: root, reason: 'notFound', id };
  if (findLayoutNode(root, placement.targetId) == null) {
    return { ok: false, layout: root, reason: 'notFound', id: placement.targetId };
  }
  if (placement.targetId === id && placement.position !== 'into') return { ok: true, layout: root };
  if (findLayoutNode(location.node, placement.targetId) != null) {
    return { ok: false, layout: root, reason: 'invalidTarget', id: placement.targetId };
  }
  const removal = removeLayoutNode(root, id);
  if (!removal.ok) return removal;
  return placeLayoutNode(removal.layout, removal.removed, placement);
}

/** Child indices from the root down to the node with this id; [] for the root itself. */
function pathTo(node: LayoutNode, id: string): number[] | null {
  if (node.id === id) return [];
  const blocks = node.blocks ?? [];
  for (let i = 0; i < blocks.length; i++) {
    const rest = pathTo(blocks[i]!, id);
    if (rest != null) return [i, ...rest];
  }
  return null;
}

function nodeAt(root: LayoutNode, path: readonly number[]): LayoutNode {
  return path.reduce((node, index) => node.blocks![index]!, root);
}

/** A copy of the tree with the node at `path` replaced; nodes off the path are shared. */
function replaceAt(
  node: LayoutNode,
  path: readonly number[],
  change: (node: LayoutNode) => LayoutNode,
): LayoutNode {
  if (path.length === 0) return change(node);
  const [index, ...rest] = path as [number, ...number[]];
  const blocks = [...(node.blocks ?? [])];
  blocks[index] = replaceAt(blocks[index]!, rest, change);
  return { ...node, blocks };
}
