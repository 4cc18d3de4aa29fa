/** Who is calling: the identity every operation receives. */

export interface Actor {
  /** 'public': an anonymous reader of public delivery routes (CANOPY_PUBLIC_DELIVERY). */
  kind: 'user' | 'apikey' | 'system' | 'public';
  /** The user's id (the token's `sub`); null for API keys and the system. */
  userId: string | null;
  /** preferred_username: what locks and updated_by record. */
  username: string;
  displayName: string;
  roleIds: string[];
  /** Administrators hold every permission on every item. */
  isAdmin: boolean;
  /** Callers that may only read published content (public delivery, read-only API keys). */
  publishedOnly: boolean;
}

/** The actor seeds, migrations and the command line act as. */
export const SYSTEM_ACTOR: Actor = {
  kind: 'system',
  userId: null,
  username: 'system',
  displayName: 'System',
  roleIds: [],
  isAdmin: true,
  publishedOnly: false,
};

/** An anonymous caller of a public delivery route: published content only. */
export const PUBLIC_ACTOR: Actor = {
  kind: 'public',
  userId: null,
  username: 'public',
  displayName: 'Public',
  roleIds: [],
  isAdmin: false,
  publishedOnly: true,
};

export function displayNameOf(user: {
  given_name: string;
  family_name: string;
  username: string;
}): string {
  const name = `${user.given_name} ${user.family_name}`.trim();
  return name || user.username;
}

/**
 * The role holding a user's own grants (as creator of items): `user:<user_id>`. Every user can
 * have one; it is created on first use and ranks lowest, so anyone may be granted to it.
 */
export function personalRoleId(userId: string): string {
  return `user:${userId}`;
}

export function isPersonalRole(roleId: string): boolean {
  return roleId.startsWith('user:');
}
