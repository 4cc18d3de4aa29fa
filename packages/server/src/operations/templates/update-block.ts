/** PUT /api/templateblocks/{block_id}: renames or reorders a block within its template. */
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { loadBlock, type BlockView } from '../../repositories/templates';
import { blockNamed } from '../../repositories/templates-blocks';
import { blockOr404, requireName, requireSameId, writeTemplateRows } from './guards';

export interface TemplateBlockUpdate {
  /** May repeat the id of the path; any other id is refused. */
  block_id?: string;
  /** May name the block's own template; a block never moves to another template. */
  template_id?: string;
  block_name?: string;
  block_order?: number;
  /** The template's updated_date as loaded (stale-save rule). */
  updated_date?: string;
}

export async function updateBlock(
  { db, actor }: OpContext,
  blockId: string,
  input: TemplateBlockUpdate,
): Promise<BlockView> {
  requireSameId('block_id', input.block_id, blockId, 'template block');
  return db.transaction().execute(async (trx) => {
    const block = await blockOr404(trx, blockId);
    const target = {
      templateId: block.template_id,
      row: `Template block ${blockId}`,
      change: 'block-change' as const,
      claimedTemplateId: input.template_id,
      loaded: input.updated_date,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      // Validate: the new name is free in the template.
      const changes: { block_name?: string; block_order?: number } = {};
      if (input.block_name !== undefined) {
        changes.block_name = requireName('block_name', input.block_name);
        if (await blockNamed(trx, block.template_id, changes.block_name, blockId)) {
          fail('ALREADY_EXISTS', `This template already has a block named "${changes.block_name}"`);
        }
      }
      if (input.block_order !== undefined) changes.block_order = input.block_order;
      if (Object.keys(changes).length > 0) {
        await trx
          .updateTable('template_blocks')
          .set(changes)
          .where('block_id', '=', blockId)
          .execute();
      }
      return (await loadBlock(trx, blockId))!;
    });
  });
}
