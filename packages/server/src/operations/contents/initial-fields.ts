/**
 * The rows a new content item starts with: a field for every block of its template (Item Name,
 * Page URL or the block's default value) and an empty layout for every dynamic zone.
 */
import { randomUUID } from 'node:crypto';
import { FIRST_VERSION, emptyZoneLayout, fieldTypeOf } from '@canopy/core';
import type { Db } from '../../db/index';
import { sanitizeRichText } from '../../validation/rich-text';
import {
  type BlockDefinition,
  ITEM_NAME_BLOCK,
  PAGE_URL_BLOCK,
  isNamed,
  loadBlockDefinitions,
} from '../../repositories/field-definitions';

/** A field's default as a new item stores it: Rich Text goes through the same sanitiser as a save. */
function defaultValueOf(definition: BlockDefinition): string | null {
  const value = definition.field?.default_value ?? null;
  return fieldTypeOf(definition.field ?? {}) === 'Rich Text' ? sanitizeRichText(value) : value;
}

export async function createInitialFields(
  trx: Db,
  item: { content_id: string; template_id: string; name: string; page_url: string | null },
): Promise<void> {
  const definitions = [...(await loadBlockDefinitions(trx, [item.template_id])).values()].sort(
    (a, b) => a.block_order - b.block_order,
  );
  if (definitions.length === 0) return;
  const key = { content_id: item.content_id, version: FIRST_VERSION };
  const fields = definitions.map((definition) => ({
    ...key,
    field_id: randomUUID(),
    template_block_id: definition.template_block_id,
    field_value: isNamed(definition, ITEM_NAME_BLOCK)
      ? item.name
      : isNamed(definition, PAGE_URL_BLOCK)
        ? item.page_url
        : defaultValueOf(definition),
    content_ref: null,
  }));
  await trx.insertInto('content_fields').values(fields).execute();
  const regions = fields
    .filter((_, i) => fieldTypeOf(definitions[i]!.field ?? {}) === 'Dynamic Zone')
    .map((field) => {
      const regionId = randomUUID();
      return {
        ...key,
        region_id: regionId,
        field_id: field.field_id,
        region_value: JSON.stringify(emptyZoneLayout(regionId)),
      };
    });
  if (regions.length > 0) await trx.insertInto('dynamic_regions').values(regions).execute();
}
