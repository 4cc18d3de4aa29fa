/**
 * Writes planned changes to one version: deletes first (children go with their parents through
 * the foreign keys), then inserts and updates with parents before children. Every statement names
 * the content and version it writes (DESIGN §4): a create is a plain INSERT that is refused when
 * the id is taken anywhere in that version number, and an update or delete that finds no row of
 * this content version is an error, never a write to someone else's row.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index';
import type {
  BlockFieldRow,
  ContentBlockRow,
  ContentFieldRow,
  DynamicRegionRow,
} from '../db/schema';
import { fail } from '../errors';

const BATCH = 200;

export interface RowsByKind {
  field: ContentFieldRow[];
  region: DynamicRegionRow[];
  block: ContentBlockRow[];
  blockField: BlockFieldRow[];
}

export interface PlannedChanges {
  inserts: RowsByKind;
  updates: RowsByKind;
  deletes: Record<keyof RowsByKind, string[]>;
}

type Key = { content_id: string; version: number };
type Table = 'content_fields' | 'dynamic_regions' | 'content_blocks' | 'block_fields';

/** Where each kind lives and which columns an update may change. */
export const ROW_TABLES = {
  field: {
    table: 'content_fields',
    id: 'field_id',
    label: 'content field',
    columns: ['field_value', 'content_ref'],
  },
  region: {
    table: 'dynamic_regions',
    id: 'region_id',
    label: 'dynamic region',
    columns: ['region_value'],
  },
  block: {
    table: 'content_blocks',
    id: 'block_id',
    label: 'content block',
    columns: ['region_id', 'content_block_order'],
  },
  blockField: {
    table: 'block_fields',
    id: 'field_id',
    label: 'block field',
    columns: ['field_value'],
  },
} as const satisfies Record<
  keyof RowsByKind,
  { table: Table; id: string; label: string; columns: readonly string[] }
>;

const PARENTS_FIRST = ['field', 'region', 'block', 'blockField'] as const;

/** Returns the number of rows written or deleted. */
export async function writeChanges(
  trx: Db,
  key: Key,
  { inserts, updates, deletes }: PlannedChanges,
): Promise<number> {
  let written = 0;
  for (const kind of [...PARENTS_FIRST].reverse()) {
    written += await deleteRows(trx, kind, key, deletes[kind]);
  }
  for (const kind of PARENTS_FIRST) {
    written += await insertRows(trx, kind, key, inserts[kind]);
    for (const row of updates[kind]) written += await updateRow(trx, kind, key, row);
  }
  return written;
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** A new row must be new: an id already used in this version number (by any content) is refused. */
async function insertRows(
  trx: Db,
  kind: keyof RowsByKind,
  key: Key,
  rows: readonly object[],
): Promise<number> {
  const { table, id, label } = ROW_TABLES[kind];
  for (const chunk of batches([...rows])) {
    const ids = chunk.map((row) => (row as Record<string, string>)[id]!);
    const taken = await trx
      .selectFrom(table as 'content_fields')
      .select(sql.ref<string>(id).as('id'))
      .where(sql.ref<string>(id), 'in', ids)
      .where('version', '=', key.version)
      .executeTakeFirst();
    if (taken) {
      fail(
        'ALREADY_EXISTS',
        `The ${label} ${taken.id} already exists in version ${key.version}; create it with a new id`,
        { kind, id: taken.id },
      );
    }
    await trx
      .insertInto(table as 'content_fields')
      .values(chunk as ContentFieldRow[])
      .execute();
  }
  return rows.length;
}

/** Changes only the allowed columns of a row of this content version, or fails. */
async function updateRow(trx: Db, kind: keyof RowsByKind, key: Key, row: object): Promise<number> {
  const { table, id, label, columns } = ROW_TABLES[kind];
  const values = row as Record<string, unknown>;
  const set = Object.fromEntries(columns.map((column) => [column, values[column]]));
  const result = await trx
    .updateTable(table as 'content_fields')
    .set(set)
    .where(sql.ref<string>(id), '=', values[id] as string)
    .where('content_id', '=', key.content_id)
    .where('version', '=', key.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) missing(label, values[id] as string, key);
  return 1;
}

async function deleteRows(
  trx: Db,
  kind: keyof RowsByKind,
  key: Key,
  ids: string[],
): Promise<number> {
  const { table, id, label } = ROW_TABLES[kind];
  for (const chunk of batches(ids)) {
    const result = await trx
      .deleteFrom(table as 'content_fields')
      .where(sql.ref<string>(id), 'in', chunk)
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== chunk.length) missing(label, chunk.join(', '), key);
  }
  return ids.length;
}

function missing(label: string, id: string, key: Key): never {
  fail(
    'NOT_FOUND',
    `The ${label} ${id} is not part of content ${key.content_id} version ${key.version}`,
  );
}
