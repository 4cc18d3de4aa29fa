/**
 * The rows of many content versions, each version's as one JSON document built by the database
 * (a page build reads thousands: one text value per version costs far less than an object per row).
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

const documents = (db: Db) =>
  db
    .selectFrom('content_versions as v')
    .select([
      'v.content_id',
      'v.version',
      jsonTuple(db, VERSION_TABLES.map(rowsOf(db))).as('rows'),
    ]);

/**
 * Every version of `ids` whose number is among `versions`, with its fields, regions, blocks and
 * block fields as `[[row values...]...]` arrays in VERSION_TABLES's order and their stable order
 * (as UTF-8 bytes from SQLite, text from PostgreSQL).
 */
export function versionRowDocuments(db: Db, ids: string[], versions: number[]) {
  return documents(db)
    .where('v.content_id', 'in', ids)
    .where('v.version', 'in', versions)
    .execute();
}

/**
 * The same documents as one SQLite statement for another thread's connection to the same file
 * (a render thread reads the rows of the pages it renders): its one parameter is a JSON array of
 * exact `[content_id, version]` pairs; it answers `content_id`, `version` and `rows` (bytes).
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
