/**
 * External identities are linked by (issuer, subject): the subject is only unique within its
 * issuer, and a username is never a link. Existing links came from the one configured issuer
 * (or the gateway); they keep `legacy:<source>` as issuer until that issuer's next sign-in
 * claims them. Frozen; imports no app code.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_identities_by_issuer')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_identities_issuer_pk', ['issuer', 'subject'])
    .execute();
  await sql`
    INSERT INTO external_identities_by_issuer (issuer, subject, source, user_id, created_date)
    SELECT 'legacy:' || source, subject, source, user_id, created_date FROM external_identities
  `.execute(db);
  await db.schema.dropTable('external_identities').execute();
  await db.schema
    .alterTable('external_identities_by_issuer')
    .renameTo('external_identities')
    .execute();
  await db.schema
    .createIndex('external_identities_user')
    .on('external_identities')
    .column('user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('external_identities_user').ifExists().execute();
  await db.schema
    .createTable('external_identities_by_source')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_identities_pk', ['source', 'subject'])
    .execute();
  await sql`
    INSERT INTO external_identities_by_source (source, subject, user_id, created_date)
    SELECT source, subject, MIN(user_id), MIN(created_date) FROM external_identities
    GROUP BY source, subject
  `.execute(db);
  await db.schema.dropTable('external_identities').execute();
  await db.schema
    .alterTable('external_identities_by_source')
    .renameTo('external_identities')
    .execute();
}
