/** First-start seeding: built-in roles, the demo users, the demo templates and the demo site. */
import type { Db } from '../db/index';
import { ensureBuiltInRoles } from '../operations/users/roles';
import { seedUsers } from './users';
import { seedTemplates } from './templates';
import { seedDemoContent } from './content';

export interface SeedResult {
  siteName: string;
}

/** Seeds an empty database; returns null when it already holds data. */
export async function seedIfEmpty(db: Db): Promise<SeedResult | null> {
  const seeded = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  if (seeded) return null;
  await ensureBuiltInRoles(db);
  await seedUsers(db);
  await seedTemplates(db);
  const siteName = await seedDemoContent(db);
  await db
    .insertInto('settings')
    .values({ key: 'seeded', value: new Date().toISOString() })
    .execute();
  return { siteName };
}
