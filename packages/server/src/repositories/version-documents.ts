/**
 * The rows of many content versions, each version's as one JSON document built by the database
 * (a page build reads thousands: one text value per version costs far less than an object per row).
 *
 * A build stores each document it had the database build (`version_documents`), so the next
 * build reads it as one value instead of finding and joining the version's rows again. The
 * table's triggers count every change to a version's rows in its `generation` and drop its
 * document; a document is stored only under the generation read with its rows, so one read
 * before a change is never stored after it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { jsonRows, jsonTuple } from '../db/json';

/**
 * Where each part of `VersionRows` comes from, in its order: its table, its columns in order,
 * the column that orders its rows.
 */
const VERSION_TABLES: [string, string[], string | null][] = [
  ['content_fields', ['field_id', 'template_block_id', 'field_value', 'content_ref'], 'field_id'],
  ['dynamic_regions', ['region_id', 'field_id', 'region_value'], 'region_id'],
  ['content_blocks', ['block_id', 'region_id', 'template_id', 'content_block_order'], 'block_id'],
  // Put in order where pages are assembled, on the render threads: sorting a 10,000-page site's
  // 400,000 block fields here took a fifth of this thread's reading.
  ['block_fields', ['block_id', 'template_block_id', 'field_value'], null],
];

/** One table's rows of the version `v`, as JSON text. */
const rowsOf =
  (db: Db) =>
  ([table, columns, orderBy]: (typeof VERSION_TABLES)[number]) =>
    sql<string>`(select ${jsonRows(
      db,
      columns.map((column) => sql.ref(`x.${column}`)),
      orderBy === null ? null : sql.ref(`x.${orderBy}`),
    )} from ${sql.table(table)} as x where x.content_id = v.content_id and x.version = v.version)`;

/** A version's document as read: built by the database when `built`, else as stored. */
export interface VersionDocument {
  content_id: string;
  version: number;
  /** The count of changes to the version's rows, read with them. */
  generation: number;
  /** 1 (or true) when the database built the document for this read: a build stores it then. */
  built: number | boolean;
  /** UTF-8 bytes from SQLite, text from PostgreSQL. */
  rows: string | Uint8Array;
}

const documents = (db: Db) =>
  db
    .selectFrom('content_versions as v')
    .leftJoin('version_documents as d', (join) =>
      join.onRef('d.content_id', '=', 'v.content_id').onRef('d.version', '=', 'v.version'),
    )
    .select([
      'v.content_id',
      'v.version',
      // A version without a row there never had rows: the first row it gets makes its row at
      // generation 1, so a document read at 0 is refused after that.
      sql<number>`coalesce(d.generation, 0)`.as('generation'),
      sql<number | boolean>`d.rows is null`.as('built'),
      // Both databases evaluate coalesce's arguments in turn: a stored document is not built.
      sql<
        string | Uint8Array
      >`coalesce(d.rows, ${jsonTuple(db, VERSION_TABLES.map(rowsOf(db)))})`.as('rows'),
    ]);

/**
 * Every version of `ids` whose number is among `versions`, with its fields, regions, blocks and
 * block fields as `[[row values...]...]` arrays in VERSION_TABLES's order and their stable order.
 */
export function versionRowDocuments(
  db: Db,
  ids: string[],
  versions: number[],
): Promise<VersionDocument[]> {
  return documents(db)
    .where('v.content_id', 'in', ids)
    .where('v.version', 'in', versions)
    .execute();
}

/**
 * The same documents as one SQLite statement for another thread's connection to the same file
 * (a render thread reads the rows of the pages it renders): its one parameter is a JSON array of
 * exact `[content_id, version]` pairs; it answers `VersionDocument`s (rows as bytes).
 */
export function versionRowDocumentsStatement(db: Db): string {
  const compiled = documents(db)
    .where(
      sql<boolean>`(v.content_id, v.version) in (select value ->> 0, value ->> 1 from json_each(${'[]'}))`,
    )
    .compile();
  if (compiled.parameters.length !== 1) throw new Error('The statement takes one parameter');
  return compiled.sql;
}

/** Documents per statement when storing (four parameters each). */
const STORE_BATCH = 100;

/**
 * Stores documents the database built, each only if its version's rows are still those it was
 * built from (the generation read with them is still the version's).
 */
export async function storeVersionDocuments(
  db: Db,
  built: Omit<VersionDocument, 'built'>[],
): Promise<void> {
  for (let i = 0; i < built.length; i += STORE_BATCH) {
    await db
      .insertInto('version_documents')
      .values(
        built.slice(i, i + STORE_BATCH).map(({ content_id, version, generation, rows }) => ({
          content_id,
          version,
          generation,
          rows,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['content_id', 'version'])
          .doUpdateSet({ rows: (eb) => eb.ref('excluded.rows') })
          .whereRef('version_documents.generation', '=', 'excluded.generation'),
      )
      .execute();
  }
}
