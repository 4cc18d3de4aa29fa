/** Every row of one content version: its fields, zones, blocks and block fields. */
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
