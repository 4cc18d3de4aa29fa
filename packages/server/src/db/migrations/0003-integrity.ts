/**
 * Integrity rules the database enforces itself. Frozen: later changes go in new migrations; this
 * file imports no app code.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A site's Page URLs are unique (an empty or missing URL is no address).
  await db.schema.dropIndex('content_items_site_url').execute();
  await db.schema
    .createIndex('content_items_site_url')
    .unique()
    .on('content_items')
    .columns(['site_id', 'page_url'])
    .where(sql.ref('page_url'), 'is not', null)
    .where(sql.ref('page_url'), '<>', '')
    .execute();
}
