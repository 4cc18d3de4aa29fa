/** Reads of content items and their versions. Writes live in the operations that own them. */
import {
  isLiveBetween,
  type Content,
  type ContentField,
  type DynamicRegion,
  type LayoutNode,
  type Permission,
  type VersionStatus,
} from '@canopy/core';
import type { Db } from '../db/index';
import { loadVersionRows } from './version-rows';
import type { ContentItemRow, ContentVersionRow } from '../db/schema';
import { withCurrentLock } from './lock-lease';

export type Variant = 'latest' | 'latestpublishable' | 'published';

/** The item, its lock as it stands now (a lapsed lock is nobody's). */
export async function findItem(db: Db, contentId: string): Promise<ContentItemRow | undefined> {
  const item = await db
    .selectFrom('content_items')
    .selectAll()
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return item && withCurrentLock(item);
}

export function findVersion(
  db: Db,
  contentId: string,
  version: number,
): Promise<ContentVersionRow | undefined> {
  return db
    .selectFrom('content_versions')
    .selectAll()
    .where('content_id', '=', contentId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function listVersions(db: Db, contentId: string): Promise<ContentVersionRow[]> {
  return db
    .selectFrom('content_versions')
    .selectAll()
    .where('content_id', '=', contentId)
    .orderBy('version', 'desc')
    .execute();
}

/** Whether a published version is live at `now` (core's dates.ts: the default means "no limit"). */
export function isLive(
  version: Pick<ContentVersionRow, 'publish_date' | 'unpublish_date'>,
  now: Date,
): boolean {
  return isLiveBetween(version.publish_date, version.unpublish_date, now.getTime());
}

/**
 * The version a variant shows: latest = newest of any status; latestpublishable = newest staged
 * or published (§5 Publishing); published = the newest published version that is live now.
 */
export function pickVersion<
  V extends Pick<ContentVersionRow, 'version' | 'status_id' | 'publish_date' | 'unpublish_date'>,
>(versions: readonly V[], variant: Variant, now = new Date()): V | undefined {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  switch (variant) {
    case 'latest':
      return newestFirst[0];
    case 'latestpublishable':
      return newestFirst.find((v) => v.status_id === 'staged' || v.status_id === 'published');
    case 'published':
      return newestFirst.find((v) => v.status_id === 'published' && isLive(v, now));
  }
}

/** Assembles a content version with its fields, regions, blocks and block fields (§3). */
export async function loadContent(
  db: Db,
  item: ContentItemRow,
  version: ContentVersionRow,
  permissions: Permission[],
): Promise<Content> {
  const key = { content_id: item.content_id, version: version.version };
  const { fields, regions, blocks, blockFields } = await loadVersionRows(db, key);
  // Each block renders with its widget template's layout.
  const widgetIds = [...new Set(blocks.map((block) => block.template_id))];
  const layoutOf = new Map(
    widgetIds.length === 0
      ? []
      : (
          await db
            .selectFrom('templates')
            .select(['template_id', 'file_layout'])
            .where('template_id', 'in', widgetIds)
            .execute()
        ).map((t) => [t.template_id, t.file_layout]),
  );

  const blocksByRegion = new Map<string, DynamicRegion['content_blocks']>();
  const blockById = new Map<string, DynamicRegion['content_blocks'][string]>();
  for (const block of blocks) {
    const shaped = {
      block_id: block.block_id,
      region_id: block.region_id,
      template_id: block.template_id,
      version: block.version,
      content_block_order: block.content_block_order,
      file_layout: layoutOf.get(block.template_id) ?? null,
      content_blocks_fields: {},
    };
    blockById.set(block.block_id, shaped);
    let inRegion = blocksByRegion.get(block.region_id);
    if (!inRegion) blocksByRegion.set(block.region_id, (inRegion = {}));
    inRegion[block.block_id] = shaped;
  }
  for (const { field_id, block_id, template_block_id, field_value, version: v } of blockFields) {
    const block = blockById.get(block_id);
    if (block)
      block.content_blocks_fields[template_block_id] = {
        field_id,
        block_id,
        template_block_id,
        field_value,
        version: v,
      };
  }

  const regionsByField = new Map<string, Record<string, DynamicRegion>>();
  for (const region of regions) {
    let forField = regionsByField.get(region.field_id);
    if (!forField) regionsByField.set(region.field_id, (forField = {}));
    forField[region.region_id] = {
      region_id: region.region_id,
      field_id: region.field_id,
      region_value: parseLayout(region.region_value),
      version: region.version,
      content_blocks: blocksByRegion.get(region.region_id) ?? {},
    };
  }

  const contentFields: Record<string, ContentField> = {};
  for (const field of fields) {
    contentFields[field.template_block_id] = {
      field_id: field.field_id,
      content_id: field.content_id,
      template_block_id: field.template_block_id,
      version: field.version,
      field_value: field.field_value,
      content_ref: field.content_ref,
      referenced_data_collection: null,
      dynamic_content_regions: regionsByField.get(field.field_id) ?? {},
    };
  }

  return {
    content_id: item.content_id,
    content_name: version.content_name,
    content_type_id: item.content_type_id,
    template_id: item.template_id,
    parent_id: item.parent_id,
    parent_version: version.parent_version,
    content_order: item.content_order,
    publish_date: version.publish_date,
    unpublish_date: version.unpublish_date,
    version: version.version,
    status_id: version.status_id as VersionStatus,
    is_active: item.is_active,
    is_locked: item.locked_by ? 1 : 0,
    locked_by: item.locked_by,
    copied_from: version.copied_from,
    site_id: item.site_id,
    updated_date: version.updated_date,
    updated_by: version.updated_by,
    permissions,
    media_library_directory: item.media_library_directory,
    page_url: version.page_url,
    content_fields: contentFields,
    content_ref: null,
  };
}

function parseLayout(value: string | null): LayoutNode | null {
  if (value == null || value === '') return null;
  try {
    return JSON.parse(value) as LayoutNode;
  } catch {
    return null;
  }
}
