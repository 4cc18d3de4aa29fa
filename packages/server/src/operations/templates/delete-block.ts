/**
 * DELETE /api/templateblocks/{id}: removes a block and its fields from a template. Values content
 * versions hold for the block stay where they are: published versions never change.
 */
import type { OpContext } from '../context';
import { blockOr404, writeTemplateRows } from './guards';

export async function deleteBlock(
  { db, actor }: OpContext,
  blockId: string,
): Promise<{ status: 'Success'; block_id: string }> {
  return db.transaction().execute(async (trx) => {
    const block = await blockOr404(trx, blockId);
    const target = {
      templateId: block.template_id,
      row: `Template block ${blockId}`,
      change: 'block-delete' as const,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      await trx.deleteFrom('template_fields').where('block_id', '=', blockId).execute();
      await trx.deleteFrom('template_blocks').where('block_id', '=', blockId).execute();
      return { status: 'Success' as const, block_id: blockId };
    });
  });
}
