/**
 * Site targets kept in the database: per site and target (delivery, preview), the host names
 * (a JSON array, any host when empty) and the base path. Users: when they last signed in. Frozen.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_targets')
    .addColumn('site_id', 'text', (c) =>
      c.notNull().references('sites.site_id').onDelete('cascade'),
    )
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('hosts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('base_path', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_targets_pk', ['site_id', 'mode'])
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_date', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_sign_in_date').execute();
  await db.schema.dropTable('site_targets').execute();
}
