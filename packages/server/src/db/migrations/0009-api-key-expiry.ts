/** API keys: an optional expiry, and when each key was last used. Frozen. */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('expires_date', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_date', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('last_used_date').execute();
  await db.schema.alterTable('api_keys').dropColumn('expires_date').execute();
}
