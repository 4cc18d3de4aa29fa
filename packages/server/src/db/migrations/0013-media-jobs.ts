/**
 * Media jobs (MP4 to multi-stream video): one row per job, written as it goes, so every instance
 * answers GET /api/mediajobs/{job_id} alike and a restart forgets none. Frozen.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_jobs')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_jobs_status').on('media_jobs').column('status').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_jobs').execute();
}
