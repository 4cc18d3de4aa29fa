/**
 * The running server's public address (the base of its token issuer), recorded in the database
 * at `canopy start` so that `canopy token` names the same issuer without being told PORT or
 * CANOPY_PUBLIC_URL again.
 */
import { loadConfig } from '../config';
import type { Db } from '../db/index';

const KEY = 'public_url';

export async function recordPublicUrl(db: Db, publicUrl: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: KEY, value: publicUrl })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: publicUrl }))
    .execute();
}

/**
 * The public address tokens are issued for: the environment's when it names one (PORT or
 * CANOPY_PUBLIC_URL), otherwise the one the server last started with, otherwise the default.
 */
export async function issuerPublicUrl(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const configured = loadConfig(env).publicUrl;
  if (env.CANOPY_PUBLIC_URL || env.PORT) return configured;
  const recorded = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirst();
  return recorded?.value ?? configured;
}
