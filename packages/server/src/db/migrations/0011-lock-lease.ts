/** Lock leases: when each lock was taken or last renewed (a lock lapses a lease after it). Frozen. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('locked_date', 'text').execute();
  // Locks held at the upgrade start their lease now.
  await db
    .updateTable('content_items')
    .set({ locked_date: new Date().toISOString() })
    .where(sql.ref('locked_by'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').dropColumn('locked_date').execute();
}
