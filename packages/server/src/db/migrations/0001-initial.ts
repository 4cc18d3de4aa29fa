/** The initial schema. Frozen: later changes go in new migrations; this file imports no app code. */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('site_id', 'text', (c) => c.primaryKey())
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('root_content_id', 'text')
    .addColumn('base_url', 'text')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_items')
    .addColumn('content_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.references('sites.site_id').onDelete('set null'))
    .addColumn('parent_id', 'text', (c) => c.references('content_items.content_id'))
    .addColumn('content_order', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('lvl', 'integer', (c) => c.notNull())
    .addColumn('content_type_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('content_name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('custom_icon', 'text')
    .addColumn('allowed_content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('allowed_template_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_library_directory', 'text')
    .addColumn('page_url', 'text')
    .addColumn('media_url', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_items_parent')
    .on('content_items')
    .columns(['parent_id', 'content_order'])
    .execute();
  await db.schema.createIndex('content_items_path').on('content_items').column('path').execute();
  await db.schema
    .createIndex('content_items_site_url')
    .on('content_items')
    .columns(['site_id', 'page_url'])
    .execute();

  await db.schema
    .createTable('content_versions')
    .addColumn('content_id', 'text', (c) =>
      c.notNull().references('content_items.content_id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'text', (c) => c.notNull())
    .addColumn('content_name', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('publish_date', 'text', (c) => c.notNull())
    .addColumn('unpublish_date', 'text', (c) => c.notNull())
    .addColumn('copied_from', 'integer')
    .addColumn('parent_version', 'integer')
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('content_versions_pk', ['content_id', 'version'])
    .execute();
  await db.schema
    .createIndex('content_versions_page_url')
    .on('content_versions')
    .columns(['page_url', 'status_id'])
    .execute();

  await db.schema
    .createTable('content_fields')
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('template_block_id', 'text', (c) => c.notNull())
    .addColumn('field_value', 'text')
    .addColumn('content_ref', 'text')
    .addPrimaryKeyConstraint('content_fields_pk', ['field_id', 'version'])
    .addForeignKeyConstraint(
      'content_fields_version_fk',
      ['content_id', 'version'],
      'content_versions',
      ['content_id', 'version'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('content_fields_content')
    .on('content_fields')
    .columns(['content_id', 'version'])
    .execute();

  await db.schema
    .createTable('dynamic_regions')
    .addColumn('region_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('region_value', 'text')
    .addPrimaryKeyConstraint('dynamic_regions_pk', ['region_id', 'version'])
    .addForeignKeyConstraint(
      'dynamic_regions_field_fk',
      ['field_id', 'version'],
      'content_fields',
      ['field_id', 'version'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('dynamic_regions_content')
    .on('dynamic_regions')
    .columns(['content_id', 'version'])
    .execute();

  await db.schema
    .createTable('content_blocks')
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('region_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('content_block_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('content_blocks_pk', ['block_id', 'version'])
    .addForeignKeyConstraint(
      'content_blocks_region_fk',
      ['region_id', 'version'],
      'dynamic_regions',
      ['region_id', 'version'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('content_blocks_content')
    .on('content_blocks')
    .columns(['content_id', 'version'])
    .execute();

  await db.schema
    .createTable('block_fields')
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('template_block_id', 'text', (c) => c.notNull())
    .addColumn('field_value', 'text')
    .addPrimaryKeyConstraint('block_fields_pk', ['field_id', 'version'])
    .addForeignKeyConstraint(
      'block_fields_block_fk',
      ['block_id', 'version'],
      'content_blocks',
      ['block_id', 'version'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('block_fields_content')
    .on('block_fields')
    .columns(['content_id', 'version'])
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('template_id', 'text', (c) => c.primaryKey())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('template_type_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('templates.template_id'))
    .addColumn('template_order', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('lvl', 'integer', (c) => c.notNull())
    .addColumn('file_layout', 'text')
    .addColumn('widget_type', 'text')
    .addColumn('custom_icon_class', 'text')
    .addColumn('container_item_child_reference', 'text')
    .addColumn('widget_template_data', 'text')
    .addColumn('child_levels_needed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowed_content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('allowed_template_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('templates_parent')
    .on('templates')
    .columns(['parent_id', 'template_order'])
    .execute();

  await db.schema
    .createTable('template_blocks')
    .addColumn('block_id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) =>
      c.notNull().references('templates.template_id').onDelete('cascade'),
    )
    .addColumn('block_name', 'text', (c) => c.notNull())
    .addColumn('block_order', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('template_blocks_template')
    .on('template_blocks')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('template_fields')
    .addColumn('field_id', 'text', (c) => c.primaryKey())
    .addColumn('block_id', 'text', (c) =>
      c.notNull().references('template_blocks.block_id').onDelete('cascade'),
    )
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('allowed_widgets', 'text')
    .addColumn('edit_in_behavior', 'text')
    .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('regex_validation', 'text')
    .addColumn('validation_message', 'text')
    .addColumn('default_value', 'text')
    .addColumn('tool_tip', 'text')
    .addColumn('field_values', 'text')
    .addColumn('picker_root_item', 'text')
    .addColumn('restrict_to_content_type', 'text')
    .addColumn('microapp_id', 'text')
    .addColumn('microapp_version', 'text')
    .addColumn('connect_to_doc_site', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_order', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('template_fields_template')
    .on('template_fields')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('template_types')
    .addColumn('template_type_id', 'text', (c) => c.primaryKey())
    .addColumn('template_type_name', 'text', (c) => c.notNull())
    .addColumn('content_type_id', 'text')
    .addColumn('icon', 'text')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('given_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('family_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('updated_date', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('role_id', 'text', (c) => c.primaryKey())
    .addColumn('role_name', 'text', (c) => c.notNull().unique())
    .addColumn('role_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) =>
      c.notNull().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('role_id', 'text', (c) =>
      c.notNull().references('roles.role_id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('permission_definitions')
    .addColumn('permission_id', 'text', (c) => c.primaryKey())
    .addColumn('permission_name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'text', (c) =>
      c.notNull().references('roles.role_id').onDelete('cascade'),
    )
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('permission_id', 'text', (c) =>
      c.notNull().references('permission_definitions.permission_id'),
    )
    .addColumn('permission', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'content_id', 'permission_id'])
    .execute();
  await db.schema
    .createIndex('role_permissions_content')
    .on('role_permissions')
    .column('content_id')
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // The permission names are part of the contract (§6), so they are data, not seed.
  await db
    .insertInto('permission_definitions')
    .values(
      ['Edit', 'Create', 'Delete', 'Read'].map((name) => ({
        permission_id: name,
        permission_name: name,
      })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settings',
    'signing_keys',
    'role_permissions',
    'permission_definitions',
    'user_roles',
    'roles',
    'users',
    'template_types',
    'template_fields',
    'template_blocks',
    'templates',
    'block_fields',
    'content_blocks',
    'dynamic_regions',
    'content_fields',
    'content_versions',
    'content_items',
    'sites',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
