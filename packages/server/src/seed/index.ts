/** First-start seeding: built-in roles, the demo users, the demo templates and the demo site. */
import type { Db } from '../db/index';
import { ensureBuiltInRoles } from '../operations/users/roles';
import { seedUsers } from './users';
import { seedTemplates } from './templates';
import { seedDemoContent } from './content';
import { seedDemoMedia } from './media';
import type { Storage } from '../storage/index';

export interface SeedResult {
  siteName: string;
}

/**
 * Seeds an empty database; returns null when it already holds data. With a storage the demo
 * media library gets its files too.
 */
export async function seedIfEmpty(db: Db, storage?: Storage): Promise<SeedResult | null> {
  if (await isSeeded(db)) return null;
  await ensureBuiltInRoles(db);
  await seedUsers(db);
  await seedTemplates(db);
  const siteName = await seedDemoContent(db, storage && (() => seedDemoMedia(db, storage)));
  await db
    .insertInto('settings')
    .values({ key: 'seeded', value: new Date().toISOString() })
    .execute();
  return { siteName };
}

/** Whether the first start's seed has run on this database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const seeded = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  return seeded !== undefined;
}
