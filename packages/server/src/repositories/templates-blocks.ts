/** Template blocks and template fields: lookups the block and field operations share. */
import type { Db } from '../db/index';
import type { TemplateBlockRow, TemplateFieldRow } from '../db/schema';

export function findBlock(db: Db, blockId: string): Promise<TemplateBlockRow | undefined> {
  return db
    .selectFrom('template_blocks')
    .selectAll()
    .where('block_id', '=', blockId)
    .executeTakeFirst();
}

export function findField(db: Db, fieldId: string): Promise<TemplateFieldRow | undefined> {
  return db
    .selectFrom('template_fields')
    .selectAll()
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
}

/** Another block of the template with this name, if any. */
export function blockNamed(
  db: Db,
  templateId: string,
  blockName: string,
  exceptBlockId?: string,
): Promise<TemplateBlockRow | undefined> {
  let query = db
    .selectFrom('template_blocks')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('block_name', '=', blockName);
  if (exceptBlockId) query = query.where('block_id', '<>', exceptBlockId);
  return query.executeTakeFirst();
}

/** Another field of the block with this name, if any. */
export function fieldNamed(
  db: Db,
  blockId: string,
  fieldName: string,
  exceptFieldId?: string,
): Promise<TemplateFieldRow | undefined> {
  let query = db
    .selectFrom('template_fields')
    .selectAll()
    .where('block_id', '=', blockId)
    .where('field_name', '=', fieldName);
  if (exceptFieldId) query = query.where('field_id', '<>', exceptFieldId);
  return query.executeTakeFirst();
}

/** The order a new block of the template gets: after the last one. */
export async function nextBlockOrder(db: Db, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('template_blocks')
    .select((eb) => eb.fn.max('block_order').as('last'))
    .where('template_id', '=', templateId)
    .executeTakeFirstOrThrow();
  return Number(row.last ?? 0) + 1;
}

/** The order a new field of the block gets: after the last one. */
export async function nextFieldOrder(db: Db, blockId: string): Promise<number> {
  const row = await db
    .selectFrom('template_fields')
    .select((eb) => eb.fn.max('field_order').as('last'))
    .where('block_id', '=', blockId)
    .executeTakeFirstOrThrow();
  return Number(row.last ?? 0) + 1;
}
