/**
 * Publishing: releases (what was published to which target, by whom, when, with which build) and
 * builds (static-site jobs with their status, progress, timings and errors). Frozen; imports no
 * app code.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('release_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) =>
      c.notNull().references('sites.site_id').onDelete('cascade'),
    )
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('build_id', 'text')
    .addColumn('released_by', 'text', (c) => c.notNull())
    .addColumn('released_date', 'text', (c) => c.notNull())
    // JSON: { content: [{ content_id, version }], templates: [template_id] }
    .addColumn('items', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('releases_site_mode')
    .on('releases')
    .columns(['site_id', 'mode', 'released_date'])
    .execute();

  await db.schema
    .createTable('builds')
    .addColumn('build_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) =>
      c.notNull().references('sites.site_id').onDelete('cascade'),
    )
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('build_definition_id', 'text', (c) => c.notNull())
    .addColumn('build_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('queued_date', 'text', (c) => c.notNull())
    .addColumn('started_date', 'text')
    .addColumn('finished_date', 'text')
    .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_rendered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('builds_site_mode')
    .on('builds')
    .columns(['site_id', 'mode', 'queued_date'])
    .execute();
  await db.schema.createIndex('builds_status').on('builds').column('status').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('builds').execute();
  await db.schema.dropTable('releases').execute();
}
