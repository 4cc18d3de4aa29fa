/** POST /api/templateblocks/: a new block of a template (fields are added to it separately). */
import { randomUUID } from 'node:crypto';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { loadBlock, type BlockView } from '../../repositories/templates';
import { blockNamed, findBlock, nextBlockOrder } from '../../repositories/templates-blocks';
import { requireName, templateOr404, writeTemplateRows } from './guards';

export interface NewTemplateBlock {
  /** A client-made id; one is made when left out. */
  block_id?: string;
  template_id: string;
  block_name: string;
  /** Defaults to after the template's last block. */
  block_order?: number;
  /** The template's updated_date as loaded (stale-save rule). */
  updated_date?: string;
}

export async function createBlock(
  { db, actor }: OpContext,
  input: NewTemplateBlock,
): Promise<BlockView> {
  return db.transaction().execute(async (trx) => {
    const template = await templateOr404(trx, input.template_id);
    const target = {
      templateId: template.template_id,
      row: 'The new block',
      loaded: input.updated_date,
      change: 'block-create' as const,
    };
    return writeTemplateRows(trx, actor, target, async () => {
      // Validate: a non-empty name the template does not have yet, and a new id.
      const name = requireName('block_name', input.block_name);
      if (await blockNamed(trx, template.template_id, name)) {
        fail('ALREADY_EXISTS', `"${template.template_name}" already has a block named "${name}"`);
      }
      const blockId = input.block_id ?? randomUUID();
      if (input.block_id !== undefined && (await findBlock(trx, blockId))) {
        fail('ALREADY_EXISTS', `A template block with id ${blockId} already exists; use a new id`);
      }
      await trx
        .insertInto('template_blocks')
        .values({
          block_id: blockId,
          template_id: template.template_id,
          block_name: name,
          block_order: input.block_order ?? (await nextBlockOrder(trx, template.template_id)),
        })
        .execute();
      return (await loadBlock(trx, blockId))!;
    });
  });
}
