/**
 * Each built content version's rows kept as the one JSON document a build reads (a cache of the
 * four tables' rows of that version, filled by builds). The database keeps it honest: a trigger
 * on each of the four tables counts every change of a version's rows in `generation` and drops
 * the document, and a document is stored only under the generation its rows were read at. Every
 * version has a row here from its first row on (this migration makes those of versions before
 * it), so a change or removal is one UPDATE of a row that is there.
 * Frozen; imports no app code.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const ROW_TABLES = ['content_fields', 'dynamic_regions', 'content_blocks', 'block_fields'];

/**
 * A row written into a version (`row` is NEW): counts the change, making the version's row here
 * if it has none yet (a new version's first row).
 */
const added = (row: 'NEW') => `
    INSERT INTO version_documents (content_id, version, generation, rows)
    VALUES (${row}.content_id, ${row}.version, 1, NULL)
    ON CONFLICT (content_id, version)
    DO UPDATE SET generation = version_documents.generation + 1, rows = NULL;`;

/**
 * A row of a version changed or removed (`row` is NEW or OLD): counts the change. The version has
 * its row here, made with its first row (or by this migration).
 */
const changed = (row: 'NEW' | 'OLD') => `
    UPDATE version_documents SET generation = generation + 1, rows = NULL
    WHERE content_id = ${row}.content_id AND version = ${row}.version;`;

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
  // Every version there is gets its row, so a change to its rows always has one to count in.
  await sql`INSERT INTO version_documents (content_id, version, generation, rows)
    SELECT content_id, version, 0, NULL FROM content_versions`.execute(db);
  if (postgres) {
    await sql
      .raw(
        `CREATE FUNCTION version_documents_touch() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${added('NEW')}
          ELSIF TG_OP = 'DELETE' THEN ${changed('OLD')}
          ELSE
            ${changed('NEW')}
            IF OLD.content_id IS DISTINCT FROM NEW.content_id OR OLD.version IS DISTINCT FROM NEW.version THEN ${changed('OLD')}
            END IF;
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
  // SQLite runs a trigger for each row: a trigger name's suffix, its event, what it runs.
  const events = [
    ['insert', 'INSERT', added('NEW')],
    ['update', 'UPDATE', changed('NEW')],
    // Rows never move to another version; were one moved, the version it left changed too.
    ['move', 'UPDATE OF content_id, version', changed('OLD')],
    ['delete', 'DELETE', changed('OLD')],
  ];
  for (const table of ROW_TABLES)
    for (const [name, event, body] of events)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_documents_${name} AFTER ${event} ON ${table} BEGIN ${body} END`,
        )
        .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ROW_TABLES) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_documents ON ${table}`).execute(db);
      continue;
    }
    for (const name of ['insert', 'update', 'move', 'delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_documents_${name}`).execute(db);
  }
  if (postgres) await sql.raw('DROP FUNCTION IF EXISTS version_documents_touch()').execute(db);
  await db.schema.dropTable('version_documents').execute();
}
