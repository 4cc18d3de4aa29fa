/** Reads of templates with their blocks and field definitions (§3 Template, Template block). */
import type { Template, TemplateBlock, TemplateField } from '@canopy/core';
import type { Db } from '../db/index';
import type { TemplateBlockRow, TemplateFieldRow, TemplateRow } from '../db/schema';

/** A field definition as the API sends it: the §3 shape plus its template and order. */
export type FieldDefinitionView = TemplateField;

/** A template block as the API sends it (§3), its fields keyed by field_name. */
export type BlockView = Omit<TemplateBlock, 'template_fields'> & {
  template_fields: Record<string, FieldDefinitionView>;
};

/** A template as the API sends it: the §3 shape plus its place in the tree. */
export type TemplateView = Omit<Template, 'template_blocks'> & {
  template_blocks: Record<string, BlockView>;
  path: string;
  lvl: number;
};

export function findTemplate(db: Db, templateId: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

/** One template with its blocks (keyed by block_id) and their fields (keyed by field_name). */
export async function loadTemplate(db: Db, templateId: string): Promise<TemplateView | undefined> {
  const [template] = await loadTemplates(db, [templateId]);
  return template;
}

/** Several templates with their blocks and fields, in the order of `templateIds` (unknown ids left out). */
export async function loadTemplates(
  db: Db,
  templateIds: readonly string[],
): Promise<TemplateView[]> {
  if (templateIds.length === 0) return [];
  const ids = [...new Set(templateIds)];
  const [rows, blocks, fields] = await Promise.all([
    db.selectFrom('templates').selectAll().where('template_id', 'in', ids).execute(),
    db
      .selectFrom('template_blocks')
      .selectAll()
      .where('template_id', 'in', ids)
      .orderBy('block_order')
      .orderBy('block_id')
      .execute(),
    db
      .selectFrom('template_fields')
      .selectAll()
      .where('template_id', 'in', ids)
      .orderBy('field_order')
      .orderBy('field_id')
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.template_id, toTemplate(row)]));
  const blockById = new Map<string, BlockView>();
  for (const row of blocks) {
    const block = toBlock(row);
    blockById.set(row.block_id, block);
    const template = byId.get(row.template_id);
    if (template) template.template_blocks[row.block_id] = block;
  }
  for (const row of fields) {
    const block = blockById.get(row.block_id);
    if (block) block.template_fields[row.field_name] = toFieldDefinition(row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One block with its fields keyed by field_name. */
export async function loadBlock(db: Db, blockId: string): Promise<BlockView | undefined> {
  const row = await db
    .selectFrom('template_blocks')
    .selectAll()
    .where('block_id', '=', blockId)
    .executeTakeFirst();
  if (!row) return undefined;
  const block = toBlock(row);
  const fields = await db
    .selectFrom('template_fields')
    .selectAll()
    .where('block_id', '=', blockId)
    .orderBy('field_order')
    .orderBy('field_id')
    .execute();
  for (const field of fields) block.template_fields[field.field_name] = toFieldDefinition(field);
  return block;
}

export function toTemplate(row: TemplateRow): TemplateView {
  return {
    template_id: row.template_id,
    template_name: row.template_name,
    template_type_id: row.template_type_id,
    parent_id: row.parent_id,
    template_order: row.template_order,
    path: row.path,
    lvl: row.lvl,
    template_blocks: {},
    file_layout: row.file_layout,
    widget_type: row.widget_type,
    custom_icon_class: row.custom_icon_class,
    container_item_child_reference: row.container_item_child_reference,
    widget_template_data: parseWidgetData(row.widget_template_data),
    childLevelsNeeded: row.child_levels_needed,
    allowed_content_type: row.allowed_content_type,
    allowed_template_type: row.allowed_template_type,
    updated_date: row.updated_date,
    updated_by: row.updated_by,
  };
}

export function toBlock(row: TemplateBlockRow): BlockView {
  return {
    block_id: row.block_id,
    template_id: row.template_id,
    block_name: row.block_name,
    block_order: row.block_order,
    template_fields: {},
  };
}

/** The row is the definition (db/schema.ts derives the table from core's TemplateField). */
export function toFieldDefinition(row: TemplateFieldRow): FieldDefinitionView {
  return { ...row };
}

/** widget_template_data is stored as JSON text; text that is not JSON is returned as it is. */
export function parseWidgetData(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
