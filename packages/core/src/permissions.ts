/** Per-item permission rules (§6). */
import { PERMISSIONS, type Permission } from './entities';

/** Everything a creator gets on a new item. */
export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS;

/** Whether the expected permission(s) are contained in the actual ones (the authorisation wrapper). */
export function hasPermission(
  actual: readonly Permission[] | null | undefined,
  expected: Permission | readonly Permission[],
): boolean {
  const wanted = typeof expected === 'string' ? [expected] : expected;
  return wanted.every((permission) => actual?.includes(permission) ?? false);
}

/** Orders a set of permissions as the spec lists them, without duplicates. */
export function normalisePermissions(values: Iterable<Permission>): Permission[] {
  const set = new Set(values);
  return PERMISSIONS.filter((permission) => set.has(permission));
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
