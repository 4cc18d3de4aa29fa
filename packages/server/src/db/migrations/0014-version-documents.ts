/**
 * Each built content version's rows kept as the one JSON document a build reads (a cache of the
 * four tables' rows of that version, filled by builds). The database keeps it honest: a trigger
 * on each of the four tables counts every change of a version's rows in `generation` and drops
 * the document, and a document is stored only under the generation its rows were read at.
 * Frozen; imports no app code.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const ROW_TABLES = ['content_fields', 'dynamic_regions', 'content_blocks', 'block_fields'];

/** The statement a trigger runs for one version (`row` is NEW or OLD). */
const touch = (row: 'NEW' | 'OLD') => `
    INSERT INTO version_documents (content_id, version, generation, rows)
    VALUES (${row}.content_id, ${row}.version, 1, NULL)
    ON CONFLICT (content_id, version)
    DO UPDATE SET generation = version_documents.generation + 1, rows = NULL;`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('version_documents')
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    // SQLite keeps the document's UTF-8 bytes (what its JSON functions answer, cast), PostgreSQL
    // its text.
    .addColumn('rows', postgres ? 'text' : 'blob')
    .addPrimaryKeyConstraint('version_documents_pk', ['content_id', 'version'])
    .execute();
  if (postgres) {
    await sql
      .raw(
        `CREATE FUNCTION version_documents_touch() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN ${touch('OLD')}
          END IF;
          IF TG_OP <> 'DELETE' THEN ${touch('NEW')}
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    for (const table of ROW_TABLES)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_documents AFTER INSERT OR UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION version_documents_touch()`,
        )
        .execute(db);
    return;
  }
  for (const table of ROW_TABLES) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_documents_insert AFTER INSERT ON ${table} BEGIN ${touch('NEW')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_documents_update AFTER UPDATE ON ${table} BEGIN ${touch('OLD')} ${touch('NEW')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_documents_delete AFTER DELETE ON ${table} BEGIN ${touch('OLD')} END`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ROW_TABLES) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_documents ON ${table}`).execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_documents_${event}`).execute(db);
  }
  if (postgres) await sql.raw('DROP FUNCTION IF EXISTS version_documents_touch()').execute(db);
  await db.schema.dropTable('version_documents').execute();
}
