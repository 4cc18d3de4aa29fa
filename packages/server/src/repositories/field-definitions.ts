/** Field definitions by template block, which is what content fields and block fields point at. */
import type { Db } from '../db/index';
import type { TemplateFieldRow } from '../db/schema';

export interface BlockDefinition {
  template_block_id: string;
  template_id: string;
  block_name: string;
  block_order: number;
  /** The block's first field definition; a block without one is a plain Short Text. */
  field: TemplateFieldRow | null;
}

export async function loadBlockDefinitions(
  db: Db,
  templateIds: readonly string[],
): Promise<Map<string, BlockDefinition>> {
  const result = new Map<string, BlockDefinition>();
  if (templateIds.length === 0) return result;
  const [blocks, fields] = await Promise.all([
    db.selectFrom('template_blocks').selectAll().where('template_id', 'in', templateIds).execute(),
    db
      .selectFrom('template_fields')
      .selectAll()
      .where('template_id', 'in', templateIds)
      .orderBy('field_order')
      .execute(),
  ]);
  for (const block of blocks) {
    result.set(block.block_id, {
      template_block_id: block.block_id,
      template_id: block.template_id,
      block_name: block.block_name,
      block_order: block.block_order,
      field: null,
    });
  }
  for (const field of fields) {
    const block = result.get(field.block_id);
    if (block && !block.field) block.field = field;
  }
  return result;
}

/** Blocks whose value also sets a property of the content itself (§4 Save). */
export const ITEM_NAME_BLOCK = 'item name';
export const PAGE_URL_BLOCK = 'page url';

export function isNamed(definition: BlockDefinition | undefined, name: string): boolean {
  return definition?.block_name.trim().toLowerCase() === name;
}
