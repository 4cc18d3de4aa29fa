/**
 * Identity: the embedded OpenID provider's records, API keys, and links from external identities
 * (an OpenID issuer's or a gateway's subject) to local users. Frozen; imports no app code.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per provider record (session, grant, authorization code, interaction...), so every
  // instance behind a load balancer sees the same sign-ins.
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_grant')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .column('user_code')
    .execute();
  await db.schema
    .createIndex('oidc_payloads_expires')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text', (c) => c.references('roles.role_id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('revoked_date', 'text')
    .execute();

  await db.schema
    .createTable('external_identities')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_identities_pk', ['source', 'subject'])
    .execute();

  // Readable-subtree walks look up a role's own Read setting on each child.
  await db.schema
    .createIndex('role_permissions_role_permission')
    .on('role_permissions')
    .columns(['role_id', 'permission_id', 'content_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('role_permissions_role_permission').ifExists().execute();
  for (const table of ['external_identities', 'api_keys', 'oidc_payloads']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
