import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index';

/** Keys that sign the provider's cookies; kept in the database so every instance shares them. */
export async function cookieKeys(db: Db): Promise<string[]> {
  const key = 'oidc_cookie_keys';
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify([randomBytes(32).toString('base64url')]) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string[];
}
