/** The demo users: an administrator, an editor and an author. */
import type { Db } from '../db/index';
import { createUser } from '../operations/users/create-user';

export const DEMO_USERS = [
  {
    username: 'admin',
    given_name: 'Ada',
    family_name: 'Admin',
    email: 'admin@example.com',
    roleIds: ['administrator'],
  },
  {
    username: 'editor',
    given_name: 'Eddie',
    family_name: 'Editor',
    email: 'editor@example.com',
    roleIds: ['editor'],
  },
  {
    username: 'author',
    given_name: 'Aria',
    family_name: 'Author',
    email: 'author@example.com',
    roleIds: ['author'],
  },
];

export async function seedUsers(db: Db): Promise<void> {
  for (const user of DEMO_USERS) {
    const exists = await db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', user.username)
      .executeTakeFirst();
    if (!exists) await createUser(db, user);
  }
}
