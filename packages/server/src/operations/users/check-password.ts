/** The sign-in page's password check (argon2id). */
import type { Db } from '../../db/index';
import { verifyPassword } from '../../auth/passwords';
import { recordSignIn } from './sign-ins';

/** Whether the password is right; a disabled account is told so only after a right password. */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
): Promise<{ userId: string } | 'wrong' | 'disabled'> {
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'password_hash', 'disabled'])
    .where('username', '=', username)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!ok || !user) return 'wrong';
  if (user.disabled) return 'disabled';
  await recordSignIn(db, user.user_id);
  return { userId: user.user_id };
}
