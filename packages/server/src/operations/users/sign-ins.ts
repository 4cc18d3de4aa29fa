/** When each user last signed in: kept to the minute, so a gateway's every request costs no write. */
import type { Db } from '../../db/index';

export async function recordSignIn(db: Db, userId: string, at = new Date()): Promise<void> {
  const stamp = at.toISOString();
  const minuteAgo = new Date(at.getTime() - 60_000).toISOString();
  await db
    .updateTable('users')
    .set({ last_sign_in_date: stamp })
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('last_sign_in_date', 'is', null), eb('last_sign_in_date', '<', minuteAgo)]),
    )
    .execute();
}
