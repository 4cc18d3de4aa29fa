/** Lists every user (administrators only). */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { readUsers, type UserView } from './get-user';
import { requireAdministrator } from './guards';

export async function listUsers(db: Db, actor: Actor): Promise<UserView[]> {
  requireAdministrator(actor, 'list users');
  return readUsers(db);
}
