/** Who uses a template: content items made from it, and content blocks that are instances of it. */
import type { Db } from '../db/index';

export interface TemplateReference {
  content_id: string;
  content_name: string;
  content_type_id: string;
  template_id: string | null;
  parent_id: string | null;
  site_id: string | null;
  path: string;
  /** 'template' when the item is made from the template, 'widget' when one of its blocks is. */
  reference_type: 'template' | 'widget';
}

/** Content items that use a template, by their place in the tree; each item once. */
export async function contentUsingTemplate(
  db: Db,
  templateId: string,
): Promise<TemplateReference[]> {
  const columns = [
    'content_items.content_id',
    'content_items.content_name',
    'content_items.content_type_id',
    'content_items.template_id',
    'content_items.parent_id',
    'content_items.site_id',
    'content_items.path',
  ] as const;
  const [direct, viaBlocks] = await Promise.all([
    db.selectFrom('content_items').select(columns).where('template_id', '=', templateId).execute(),
    db
      .selectFrom('content_items')
      .select(columns)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('content_blocks')
            .select('content_blocks.block_id')
            .whereRef('content_blocks.content_id', '=', 'content_items.content_id')
            .where('content_blocks.template_id', '=', templateId),
        ),
      )
      .execute(),
  ]);
  const byId = new Map<string, TemplateReference>();
  for (const row of direct) byId.set(row.content_id, { ...row, reference_type: 'template' });
  for (const row of viaBlocks) {
    if (!byId.has(row.content_id)) byId.set(row.content_id, { ...row, reference_type: 'widget' });
  }
  return [...byId.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** Other templates that name this one as their container item (Container Widget -> Item). */
export function containersUsing(
  db: Db,
  templateId: string,
): Promise<Array<{ template_id: string; template_name: string }>> {
  return db
    .selectFrom('templates')
    .select(['template_id', 'template_name'])
    .where('container_item_child_reference', '=', templateId)
    .orderBy('template_name')
    .execute();
}
