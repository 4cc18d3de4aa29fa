/** Reads users as the API shows them: profile, disabled flag and (non-personal) role ids. */
import type { Db } from '../../db/index';
import { notFound } from '../../errors';
import { isPersonalRole } from '../../auth/actor';

export interface UserView {
  user_id: string;
  username: string;
  given_name: string;
  family_name: string;
  email: string | null;
  disabled: number;
  roles: string[];
  created_date: string;
  updated_date: string;
  /** The last sign-in (embedded or external), to the minute; null: never. */
  last_sign_in_date: string | null;
  /** The external issuer the user signs in with (its URL, or 'gateway'); null: Canopy's own. */
  issuer: string | null;
}

const COLUMNS = [
  'user_id',
  'username',
  'given_name',
  'family_name',
  'email',
  'disabled',
  'created_date',
  'updated_date',
  'last_sign_in_date',
] as const;

export async function readUsers(db: Db, userIds?: string[]): Promise<UserView[]> {
  let query = db.selectFrom('users').select(COLUMNS).orderBy('username');
  if (userIds) query = query.where('user_id', 'in', userIds.length ? userIds : ['']);
  const users = await query.execute();
  let links = db.selectFrom('user_roles').select(['user_id', 'role_id']).orderBy('role_id');
  if (userIds) links = links.where('user_id', 'in', userIds.length ? userIds : ['']);
  const roles = new Map<string, string[]>();
  for (const link of await links.execute()) {
    if (isPersonalRole(link.role_id)) continue;
    roles.set(link.user_id, [...(roles.get(link.user_id) ?? []), link.role_id]);
  }
  let linked = db
    .selectFrom('external_identities')
    .select(['user_id', 'issuer'])
    .orderBy('created_date');
  if (userIds) linked = linked.where('user_id', 'in', userIds.length ? userIds : ['']);
  const issuers = new Map<string, string>();
  for (const link of await linked.execute())
    if (!issuers.has(link.user_id)) issuers.set(link.user_id, link.issuer.replace(/^legacy:/, ''));
  return users.map((user) => ({
    ...user,
    roles: roles.get(user.user_id) ?? [],
    issuer: issuers.get(user.user_id) ?? null,
  }));
}

export async function readUser(db: Db, userId: string): Promise<UserView> {
  const [user] = await readUsers(db, [userId]);
  if (!user) notFound('User', userId);
  return user;
}

/** Finds a user id by id or username (the command line names people by username). */
export async function userIdOf(db: Db, idOrUsername: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where((eb) => eb.or([eb('user_id', '=', idOrUsername), eb('username', '=', idOrUsername)]))
    .executeTakeFirst();
  if (!user) notFound('User', idOrUsername);
  return user.user_id;
}
