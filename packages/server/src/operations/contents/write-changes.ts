/**
 * Writes planned changes to one version: deletes first (children go with their parents through
 * the foreign keys), then upserts with parents before children, in batches.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type {
  BlockFieldRow,
  ContentBlockRow,
  ContentFieldRow,
  DynamicRegionRow,
} from '../../db/schema';

const BATCH = 200;

export interface PlannedChanges {
  upserts: {
    field: ContentFieldRow[];
    region: DynamicRegionRow[];
    block: ContentBlockRow[];
    blockField: BlockFieldRow[];
  };
  deletes: { field: string[]; region: string[]; block: string[]; blockField: string[] };
}

/** Returns the number of rows written or deleted. */
export async function writeChanges(
  trx: Db,
  key: { content_id: string; version: number },
  { upserts, deletes }: PlannedChanges,
): Promise<number> {
  await deleteIn(trx, 'block_fields', 'field_id', key, deletes.blockField);
  await deleteIn(trx, 'content_blocks', 'block_id', key, deletes.block);
  await deleteIn(trx, 'dynamic_regions', 'region_id', key, deletes.region);
  await deleteIn(trx, 'content_fields', 'field_id', key, deletes.field);
  for (const rows of batches(upserts.field)) {
    await trx
      .insertInto('content_fields')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['field_id', 'version']).doUpdateSet((eb) => ({
          field_value: eb.ref('excluded.field_value'),
          content_ref: eb.ref('excluded.content_ref'),
        })),
      )
      .execute();
  }
  for (const rows of batches(upserts.region)) {
    await trx
      .insertInto('dynamic_regions')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['region_id', 'version'])
          .doUpdateSet((eb) => ({ region_value: eb.ref('excluded.region_value') })),
      )
      .execute();
  }
  for (const rows of batches(upserts.block)) {
    await trx
      .insertInto('content_blocks')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['block_id', 'version']).doUpdateSet((eb) => ({
          region_id: eb.ref('excluded.region_id'),
          content_block_order: eb.ref('excluded.content_block_order'),
        })),
      )
      .execute();
  }
  for (const rows of batches(upserts.blockField)) {
    await trx
      .insertInto('block_fields')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['field_id', 'version'])
          .doUpdateSet((eb) => ({ field_value: eb.ref('excluded.field_value') })),
      )
      .execute();
  }
  return [...Object.values(upserts), ...Object.values(deletes)].reduce(
    (sum, list) => sum + list.length,
    0,
  );
}

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

async function deleteIn(
  trx: Db,
  table: 'block_fields' | 'content_blocks' | 'dynamic_regions' | 'content_fields',
  idColumn: 'field_id' | 'block_id' | 'region_id',
  key: { content_id: string; version: number },
  ids: string[],
): Promise<void> {
  for (const chunk of batches(ids)) {
    await trx
      .deleteFrom(table)
      .where(sql.ref<string>(idColumn), 'in', chunk)
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .execute();
  }
}
