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

/**
 * Settings per role on one item, or the inherited state of an item: role id -> permission ->
 * granted (true) or refused (false).
 */
export type RolePermissionSettings = ReadonlyMap<string, ReadonlyMap<Permission, boolean>>;

/**
 * THE inheritance rule (§6), the one definition every walk follows: for each role and each
 * permission, the setting nearest to the item (its own, else its parent's state) wins; no
 * setting anywhere up the tree means not held. The server walks it in JavaScript
 * (`permissionsForItems`, `permissionsOn`) and in SQL (`permissionFilter`, the same rule for one
 * permission); a test over random trees proves both agree.
 */
export function inheritPermissions(
  parent: RolePermissionSettings,
  own: RolePermissionSettings | undefined,
): RolePermissionSettings {
  if (!own) return parent;
  const next = new Map(parent);
  for (const [roleId, settings] of own) {
    next.set(roleId, new Map([...(parent.get(roleId) ?? []), ...settings]));
  }
  return next;
}

/** A permission is held when any of the caller's roles holds it in the inherited state. */
export function heldPermissions(state: RolePermissionSettings): Permission[] {
  const result = new Set<Permission>();
  for (const settings of state.values()) {
    for (const [permission, allowed] of settings) if (allowed) result.add(permission);
  }
  return normalisePermissions(result);
}
