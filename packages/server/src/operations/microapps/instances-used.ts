/**
 * The micro-app instances content versions place (their Micro-app Reference Picker fields, on
 * the page and in its zone's blocks), so publishing can say which instances a page uses.
 */
import { splitInstanceIds } from '@canopy/core';
import type { Db } from '../../db/index';

const PICKER = 'Micro-app Reference Picker';

/** Instance ids per version, keyed `content_id#version`, in the order the fields hold them. */
export async function instancesUsed(
  db: Db,
  versions: readonly { content_id: string; version: number }[],
): Promise<Map<string, string[]>> {
  const used = new Map<string, string[]>();
  if (versions.length === 0) return used;
  const ids = [...new Set(versions.map((v) => v.content_id))];
  const pickerBlocks = db
    .selectFrom('template_fields')
    .select('block_id')
    .where('field_type', '=', PICKER);
  const [fields, blockFields] = await Promise.all([
    db
      .selectFrom('content_fields')
      .select(['content_id', 'version', 'field_value'])
      .where('content_id', 'in', ids)
      .where('template_block_id', 'in', pickerBlocks)
      .execute(),
    db
      .selectFrom('block_fields')
      .select(['content_id', 'version', 'field_value'])
      .where('content_id', 'in', ids)
      .where('template_block_id', 'in', pickerBlocks)
      .execute(),
  ]);
  const wanted = new Set(versions.map((v) => `${v.content_id}#${v.version}`));
  for (const row of [...fields, ...blockFields]) {
    const key = `${row.content_id}#${row.version}`;
    if (!wanted.has(key)) continue;
    const list = used.get(key) ?? [];
    for (const id of splitInstanceIds(row.field_value)) if (!list.includes(id)) list.push(id);
    used.set(key, list);
  }
  return used;
}
