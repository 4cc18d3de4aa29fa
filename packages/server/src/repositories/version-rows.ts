/** Every row of one content version: its fields, zones, blocks and block fields. */
import { sql } from 'kysely';
import type { Db } from '../db/index';

export async function loadVersionRows(db: Db, key: { content_id: string; version: number }) {
  const [fields, regions, blocks, blockFields] = await Promise.all([
    db
      .selectFrom('content_fields')
      .selectAll()
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .execute(),
    db
      .selectFrom('dynamic_regions')
      .selectAll()
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .execute(),
    db
      .selectFrom('content_blocks')
      .selectAll()
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .execute(),
    db
      .selectFrom('block_fields')
      .selectAll()
      .where('content_id', '=', key.content_id)
      .where('version', '=', key.version)
      .execute(),
  ]);
  return { fields, regions, blocks, blockFields };
}

/**
 * Copies every row of version `from` of a content item into its version `to`, one statement
 * per table, parents first.
 */
export async function copyVersionRows(
  trx: Db,
  contentId: string,
  from: number,
  to: number,
): Promise<void> {
  await sql`INSERT INTO content_fields (field_id, version, content_id, template_block_id, field_value, content_ref)
      SELECT field_id, ${to}, content_id, template_block_id, field_value, content_ref FROM content_fields WHERE content_id = ${contentId} AND version = ${from}`.execute(
    trx,
  );
  await sql`INSERT INTO dynamic_regions (region_id, version, content_id, field_id, region_value)
      SELECT region_id, ${to}, content_id, field_id, region_value FROM dynamic_regions WHERE content_id = ${contentId} AND version = ${from}`.execute(
    trx,
  );
  await sql`INSERT INTO content_blocks (block_id, version, content_id, region_id, template_id, content_block_order)
      SELECT block_id, ${to}, content_id, region_id, template_id, content_block_order FROM content_blocks WHERE content_id = ${contentId} AND version = ${from}`.execute(
    trx,
  );
  await sql`INSERT INTO block_fields (field_id, version, content_id, block_id, template_block_id, field_value)
      SELECT field_id, ${to}, content_id, block_id, template_block_id, field_value FROM block_fields WHERE content_id = ${contentId} AND version = ${from}`.execute(
    trx,
  );
}
