/**
 * The bodies of the 250-block page saves: the first save (one zone edit, 250 new blocks, 1,000
 * new block fields) and re-saves of every block field. Shared by the HTTP save (page.ts) and the
 * audit record's cost (audit.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Content } from '@canopy/core';
import { widgetValue, type ContentModel } from './data';

export const SAVE_BLOCKS = 250;

export interface BlockSave {
  /** The first save of the new page, which creates the blocks. */
  first: Record<string, unknown>;
  /** A save of every block field with values tagged `tag`, sending `updatedDate`. */
  resave(tag: string, updatedDate: string): Record<string, unknown>;
}

export function planBlockSave(model: ContentModel, created: Content): BlockSave {
  const zoneField = created.content_fields[model.page.zone];
  const region = zoneField && Object.values(zoneField.dynamic_content_regions)[0];
  if (!zoneField || !region) throw new Error('The new page has no Dynamic Zone region');
  const blocks = Array.from({ length: SAVE_BLOCKS }, () => ({
    blockId: randomUUID(),
    fields: model.widget.map((templateBlockId) => ({ fieldId: randomUUID(), templateBlockId })),
  }));
  const blockFields = (tag: string, status: { create: true } | { edited: true }) =>
    blocks.flatMap((block, b) =>
      block.fields.map((field, f) => ({
        field_id: field.fieldId,
        block_id: block.blockId,
        template_block_id: field.templateBlockId,
        field_value: widgetValue(b, f, tag),
        cmsItemStatus: status,
      })),
    );
  return {
    first: {
      version: created.version,
      updated_date: created.updated_date,
      dynamic_content_regions: [
        {
          region_id: region.region_id,
          field_id: zoneField.field_id,
          region_value: {
            id: region.region_id,
            type: 'dynamicZone',
            blocks: blocks.map((block) => ({ id: block.blockId })),
          },
          cmsItemStatus: { edited: true },
        },
      ],
      content_blocks: blocks.map((block) => ({
        block_id: block.blockId,
        region_id: region.region_id,
        template_id: model.widgetTemplateId,
        content_block_order: 1,
        cmsItemStatus: { create: true },
      })),
      content_blocks_fields: blockFields('first-save', { create: true }),
    },
    resave: (tag, updatedDate) => ({
      version: created.version,
      updated_date: updatedDate,
      content_blocks_fields: blockFields(tag, { edited: true }),
    }),
  };
}
