/**
 * Micro-apps: the registry of applications per site, their versions (how each runs on a page)
 * and their configured instances (§3 Micro-app instance). Frozen; imports no app code.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('microapps')
    .addColumn('microapp_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) =>
      c.notNull().references('sites.site_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of { name, url, method }: the APIs the micro-app calls.
    .addColumn('client_apis', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('microapps_site_name', ['site_id', 'name'])
    .execute();

  await db.schema
    .createTable('microapp_versions')
    .addColumn('microapp_id', 'text', (c) =>
      c.notNull().references('microapps.microapp_id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('runtime', 'text', (c) => c.notNull())
    .addColumn('module_url', 'text')
    .addColumn('element_name', 'text')
    .addColumn('frame_url', 'text')
    .addColumn('frame_height', 'integer')
    .addColumn('version_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('microapp_versions_pk', ['microapp_id', 'version'])
    .execute();

  await db.schema
    .createTable('microapp_instances')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('microapp_id', 'text', (c) =>
      c.notNull().references('microapps.microapp_id').onDelete('cascade'),
    )
    .addColumn('instance_name', 'text', (c) => c.notNull())
    .addColumn('instance_version', 'text', (c) => c.notNull())
    .addColumn('unique_name', 'text', (c) => c.notNull().unique())
    .addColumn('ad_groups_modify', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    // JSON object: the instance's configuration, given to the element as attributes.
    .addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('microapp_instances_microapp')
    .on('microapp_instances')
    .column('microapp_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['microapp_instances', 'microapp_versions', 'microapps']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
