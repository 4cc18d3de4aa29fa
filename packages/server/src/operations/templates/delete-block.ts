/**
 * DELETE /api/templateblocks/{id}: removes a block and its fields from a template. Values content
 * versions hold for the block stay where they are: published versions never change.
 */
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { blockOr404, touchTemplate } from './guards';

export async function deleteBlock(
  { db, actor }: OpContext,
  blockId: string,
): Promise<{ status: 'Success'; block_id: string }> {
  return db.transaction().execute(async (trx) => {
    // Access: Edit on the block's template.
    const block = await blockOr404(trx, blockId);
    await requirePermission(trx, actor, block.template_id, 'Edit');

    // Write, and record the change on the template.
    await trx.deleteFrom('template_fields').where('block_id', '=', blockId).execute();
    await trx.deleteFrom('template_blocks').where('block_id', '=', blockId).execute();
    await touchTemplate(trx, actor, block.template_id);
    return { status: 'Success' as const, block_id: blockId };
  });
}
