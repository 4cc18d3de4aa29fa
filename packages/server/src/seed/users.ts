/** The demo users: an administrator, an editor and an author. */
import type { Db } from '../db/index';
import { createUser } from '../operations/users/create-user';
import { checkPasswordStrength, generatePassword, hashPassword } from '../auth/passwords';

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
    roleIds: ['editor', 'portal-editor'],
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

export interface InitialPassword {
  username: string;
  /** null when it came from the environment (never printed then). */
  password: string | null;
}

const passwordVariable = (username: string) =>
  username === 'admin' ? 'CANOPY_ADMIN_PASSWORD' : 'CANOPY_DEMO_PASSWORD';

/** What is wrong with a first password given in the environment, before anything is seeded. */
export function initialPasswordProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const variable of ['CANOPY_ADMIN_PASSWORD', 'CANOPY_DEMO_PASSWORD']) {
    const problem = env[variable] ? checkPasswordStrength(env[variable]) : null;
    if (problem) return `${variable}: ${problem}`;
  }
  return null;
}

/**
 * Gives the demo users their first passwords, once: the administrator's from
 * CANOPY_ADMIN_PASSWORD or generated, the editor's and author's from CANOPY_DEMO_PASSWORD or
 * generated. Users that already have a password are left alone, so this returns the generated
 * passwords on the first start only (the command line prints them then).
 */
export async function assignInitialPasswords(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<InitialPassword[]> {
  const assigned: InitialPassword[] = [];
  for (const demo of DEMO_USERS) {
    const user = await db
      .selectFrom('users')
      .select(['user_id', 'password_hash'])
      .where('username', '=', demo.username)
      .executeTakeFirst();
    if (!user || user.password_hash) continue;
    const fromEnv = env[passwordVariable(demo.username)];
    const password = fromEnv || generatePassword();
    const problem = checkPasswordStrength(password);
    if (problem) throw new Error(`${passwordVariable(demo.username)}: ${problem}`);
    // Only the first writer sets it: several instances starting at once print one password.
    const result = await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_date: new Date().toISOString() })
      .where('user_id', '=', user.user_id)
      .where('password_hash', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    assigned.push({ username: demo.username, password: fromEnv ? null : password });
  }
  return assigned;
}
