/** Lists users (administrators only): filtered by text and role, sorted and paged by the server. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { matches, pageOf, type Page, type PageRequest } from '../paging';
import { readUsers, type UserView } from './get-user';
import { requireAdministrator } from './guards';

export const USER_SORTS = [
  'username',
  'display_name',
  'email',
  'last_sign_in_date',
  'created_date',
  'disabled',
] as const;

export async function listUsers(
  db: Db,
  actor: Actor,
  request: PageRequest & { role?: string | undefined } = {},
): Promise<Page<UserView>> {
  requireAdministrator(actor, 'list users');
  const all = (await readUsers(db)).filter(
    (user) =>
      (!request.role || user.roles.includes(request.role)) &&
      matches(
        request.q,
        user.username,
        `${user.given_name} ${user.family_name}`,
        user.email,
        user.issuer,
      ),
  );
  return pageOf(
    all,
    request,
    (user, sort) => {
      if (sort === 'display_name') return `${user.given_name} ${user.family_name}`.trim();
      if (sort === 'disabled') return user.disabled;
      if (sort === 'email' || sort === 'last_sign_in_date' || sort === 'created_date')
        return user[sort];
      return user.username;
    },
    'username',
    (user) => user.username,
  );
}
