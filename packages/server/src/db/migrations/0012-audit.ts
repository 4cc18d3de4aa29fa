/** The audit record: one row per write, written in the write's own transaction. Frozen. */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('audit_id', 'text', (c) => c.primaryKey())
    .addColumn('audit_date', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text')
    .addColumn('version', 'integer')
    .addColumn('details', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_date')
    .on('audit_log')
    .columns(['audit_date', 'audit_id'])
    .execute();
  await db.schema
    .createIndex('audit_log_content')
    .on('audit_log')
    .columns(['content_id', 'audit_date'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
