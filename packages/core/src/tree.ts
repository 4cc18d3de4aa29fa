/** Tree path and order math (§3 Menu item, §4 Reorder, §9). */
import { PATH_SEGMENT_DIGITS } from './constants';

/** One order number as a zero-padded path segment: 3 -> '03'. */
export function pathSegment(order: number): string {
  if (!Number.isInteger(order) || order < 1) {
    throw new RangeError(`Order must be a whole number of 1 or more, got ${order}`);
  }
  return String(order).padStart(PATH_SEGMENT_DIGITS, '0');
}

/** A child's path: the parent path plus '/' plus the two-digit order (top level: the segment). */
export function childPath(parentPath: string | null | undefined, order: number): string {
  return parentPath ? `${parentPath}/${pathSegment(order)}` : pathSegment(order);
}

/** The order a new item gets: one more than the number of siblings it joins. */
export function nextOrder(siblingCount: number): number {
  return siblingCount + 1;
}

/** An item's level in the tree: the number of segments in its path. */
export function levelOf(path: string): number {
  return path === '' ? 0 : path.split('/').length;
}

/** Splits a comma-separated list (allowed types, restrictions) into trimmed, non-empty entries. */
export function splitList(value: string | readonly string[] | null | undefined): string[] {
  if (value == null) return [];
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}
