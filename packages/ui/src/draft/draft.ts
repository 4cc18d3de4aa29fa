/**
 * The draft of the item editor as plain functions: the loaded content turned into a DraftContent,
 * reading and writing one field's value with its change status, and the one Save body (§4 Save)
 * made of every row that carries a change status.
 */
import type { ChangeStatus, Content } from '@canopy/core';
import type { DraftBlock, DraftContent, DraftField, FieldTarget, Tracked } from './contract';

/** The loaded content as a draft: nothing changed yet. */
export function toDraft(content: Content): DraftContent {
  const fields: Record<string, DraftField> = {};
  for (const [key, field] of Object.entries(content.content_fields)) {
    fields[key] = { ...field, dynamic_content_regions: { ...field.dynamic_content_regions } };
  }
  return structuredClone({ ...content, content_fields: fields }) as DraftContent;
}

/** A stable key per field target: touched state, errors and focus are kept under it. */
export function fieldKey(target: FieldTarget): string {
  return target.kind === 'content'
    ? `content:${target.templateBlockId}`
    : `block:${target.blockId}:${target.templateBlockId}`;
}

/** Every live block of the draft, wherever its zone is. */
export function* draftBlocks(draft: DraftContent): Generator<DraftBlock> {
  for (const field of Object.values(draft.content_fields)) {
    for (const region of Object.values(field.dynamic_content_regions)) {
      yield* Object.values(region.content_blocks);
    }
  }
}

export function findBlock(draft: DraftContent, blockId: string): DraftBlock | undefined {
  for (const block of draftBlocks(draft)) if (block.block_id === blockId) return block;
  return undefined;
}

/** The row that holds a target's value, if the draft has one. */
function rowOf(
  draft: DraftContent,
  target: FieldTarget,
): Tracked<{ field_value: string | null }> | undefined {
  if (target.kind === 'content') return draft.content_fields[target.templateBlockId];
  return findBlock(draft, target.blockId)?.content_blocks_fields[target.templateBlockId];
}

/** A target's stored value as text ('' when empty or missing). */
export function readValue(draft: DraftContent, target: FieldTarget): string {
  return rowOf(draft, target)?.field_value ?? '';
}

/** Marks an existing row edited (a row created in this draft stays `create`). */
export function markEdited(row: { cmsItemStatus?: ChangeStatus }): void {
  if (row.cmsItemStatus?.create || row.cmsItemStatus?.delete) return;
  row.cmsItemStatus = { edited: true };
}

/**
 * Sets a target's value inside an immer recipe: the row is marked edited, or created (with a new
 * id) when the content has no row for that template block yet.
 */
export function writeValue(
  draft: DraftContent,
  target: FieldTarget,
  value: string,
  newId: () => string,
): void {
  const row = rowOf(draft, target);
  if (row) {
    if (row.field_value === value || (row.field_value == null && value === '')) return;
    row.field_value = value;
    markEdited(row);
    return;
  }
  if (target.kind === 'content') {
    draft.content_fields[target.templateBlockId] = {
      field_id: newId(),
      content_id: draft.content_id,
      template_block_id: target.templateBlockId,
      version: draft.version,
      field_value: value,
      content_ref: null,
      referenced_data_collection: null,
      dynamic_content_regions: {},
      cmsItemStatus: { create: true },
    };
    return;
  }
  const block = findBlock(draft, target.blockId);
  if (!block) return;
  block.content_blocks_fields[target.templateBlockId] = {
    field_id: newId(),
    block_id: block.block_id,
    template_block_id: target.templateBlockId,
    field_value: value,
    version: draft.version,
    cmsItemStatus: { create: true },
  };
}

/** One change status, as the server reads it: create, edited or delete. */
function statusOf(row: { cmsItemStatus?: ChangeStatus }): ChangeStatus | null {
  const status = row.cmsItemStatus;
  if (!status) return null;
  if (status.delete) return status.create ? null : { delete: true };
  if (status.create) return { create: true };
  if (status.edited) return { edited: true };
  return null;
}

/** The rows of one Save (§4 Save, §7): every field, zone, block and block field with a status. */
export interface SaveChanges {
  content_fields: Array<{
    field_id: string;
    content_id: string;
    version: number;
    template_block_id: string;
    field_value: string | null;
    cmsItemStatus: ChangeStatus;
  }>;
  dynamic_content_regions: Array<{
    region_id: string;
    field_id: string;
    version: number;
    region_value: DraftContent['content_fields'][string]['dynamic_content_regions'][string]['region_value'];
    cmsItemStatus: ChangeStatus;
  }>;
  content_blocks: Array<{
    block_id: string;
    region_id: string;
    template_id: string;
    version: number;
    content_block_order: number;
    cmsItemStatus: ChangeStatus;
  }>;
  content_blocks_fields: Array<{
    field_id: string;
    block_id: string;
    template_block_id: string;
    version: number;
    field_value: string | null;
    cmsItemStatus: ChangeStatus;
  }>;
}

export function collectChanges(draft: DraftContent): SaveChanges {
  const changes: SaveChanges = {
    content_fields: [],
    dynamic_content_regions: [],
    content_blocks: [],
    content_blocks_fields: [],
  };
  const version = draft.version;
  for (const field of Object.values(draft.content_fields)) {
    const fieldStatus = statusOf(field);
    if (fieldStatus) {
      changes.content_fields.push({
        field_id: field.field_id,
        content_id: draft.content_id,
        version,
        template_block_id: field.template_block_id,
        field_value: field.field_value,
        cmsItemStatus: fieldStatus,
      });
    }
    for (const region of Object.values(field.dynamic_content_regions)) {
      const regionStatus = statusOf(region);
      if (regionStatus) {
        changes.dynamic_content_regions.push({
          region_id: region.region_id,
          field_id: field.field_id,
          version,
          region_value: region.region_value,
          cmsItemStatus: regionStatus,
        });
      }
      for (const block of Object.values(region.content_blocks)) {
        const blockStatus = statusOf(block);
        if (blockStatus) {
          changes.content_blocks.push({
            block_id: block.block_id,
            region_id: region.region_id,
            template_id: block.template_id,
            version,
            // §3: content_block_order is always 1 on save.
            content_block_order: 1,
            cmsItemStatus: blockStatus,
          });
        }
        for (const blockField of Object.values(block.content_blocks_fields)) {
          const status = statusOf(blockField);
          if (!status) continue;
          changes.content_blocks_fields.push({
            field_id: blockField.field_id,
            block_id: block.block_id,
            template_block_id: blockField.template_block_id,
            version,
            field_value: blockField.field_value,
            cmsItemStatus: status,
          });
        }
      }
    }
  }
  return changes;
}

/** Whether a Save would send anything. */
export function hasChanges(changes: SaveChanges): boolean {
  return (
    changes.content_fields.length +
      changes.dynamic_content_regions.length +
      changes.content_blocks.length +
      changes.content_blocks_fields.length >
    0
  );
}

/** An error of the server's list (`errors` of a 400 VALIDATION_FAILED reply). */
export interface ServerChangeError {
  kind: 'content_field' | 'dynamic_region' | 'content_block' | 'block_field';
  id: string;
  template_block_id?: string;
  message: string;
}

/**
 * The field key each server error names, so the message shows on that field; errors that name
 * no field (a zone or a block) come back under null.
 */
export function keyOfServerError(draft: DraftContent, error: ServerChangeError): string | null {
  if (error.kind === 'content_field') {
    const field = Object.values(draft.content_fields).find((f) => f.field_id === error.id);
    const templateBlockId = field?.template_block_id ?? error.template_block_id;
    return templateBlockId ? fieldKey({ kind: 'content', templateBlockId }) : null;
  }
  if (error.kind === 'block_field') {
    for (const block of draftBlocks(draft)) {
      for (const field of Object.values(block.content_blocks_fields)) {
        if (field.field_id === error.id) {
          return fieldKey({
            kind: 'block',
            blockId: block.block_id,
            templateBlockId: field.template_block_id,
          });
        }
      }
    }
  }
  return null;
}
