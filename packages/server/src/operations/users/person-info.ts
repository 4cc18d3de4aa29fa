/** Person info (§7 Identity): the caller's profile as the admin shows and keeps it. */
import type { Db } from '../../db/index';
import { isPersonalRole, type Actor } from '../../auth/actor';

export interface PersonInfo {
  sub: string | null;
  name: string;
  preferred_username: string;
  given_name: string;
  family_name: string;
  email: string | null;
  roles: string[];
  is_admin: 0 | 1;
  kind: Actor['kind'];
}

export async function personInfo(db: Db, actor: Actor): Promise<PersonInfo> {
  const user = actor.userId
    ? await db
        .selectFrom('users')
        .select(['given_name', 'family_name', 'email'])
        .where('user_id', '=', actor.userId)
        .executeTakeFirst()
    : undefined;
  return {
    sub: actor.userId,
    name: actor.displayName,
    preferred_username: actor.username,
    given_name: user?.given_name ?? '',
    family_name: user?.family_name ?? '',
    email: user?.email ?? null,
    roles: actor.roleIds.filter((roleId) => !isPersonalRole(roleId)),
    is_admin: actor.isAdmin ? 1 : 0,
    kind: actor.kind,
  };
}
