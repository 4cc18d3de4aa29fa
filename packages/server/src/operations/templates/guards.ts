/** Lookups and checks the template operations share: 404s, id rules, fixed roots, "updated". */
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import type { Db } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { now } from '../context';
import type { TemplateBlockRow, TemplateFieldRow, TemplateRow } from '../../db/schema';
import { fail } from '../../errors';
import { findTemplate } from '../../repositories/templates';
import { findBlock, findField } from '../../repositories/templates-blocks';

/** The permanent roots of the template tree (§9): never deleted, never moved elsewhere. */
const FIXED_ROOTS: ReadonlyMap<string, string> = new Map([
  [TEMPLATE_FOLDER_ID, 'Templates'],
  [WIDGET_TEMPLATES_ROOT_ID, 'Widget Templates'],
]);

export function isFixedRoot(templateId: string): boolean {
  return FIXED_ROOTS.has(templateId);
}

export async function templateOr404(
  db: Db,
  templateId: string,
  what = 'Template',
): Promise<TemplateRow> {
  return (
    (await findTemplate(db, templateId)) ??
    fail('TEMPLATE_NOT_FOUND', `${what} ${templateId} was not found`)
  );
}

export async function blockOr404(db: Db, blockId: string): Promise<TemplateBlockRow> {
  return (
    (await findBlock(db, blockId)) ?? fail('NOT_FOUND', `Template block ${blockId} was not found`)
  );
}

export async function fieldOr404(db: Db, fieldId: string): Promise<TemplateFieldRow> {
  return (
    (await findField(db, fieldId)) ?? fail('NOT_FOUND', `Template field ${fieldId} was not found`)
  );
}

/** A body may repeat the id of the path, but never name another item. */
export function requireSameId(
  field: string,
  bodyId: string | undefined,
  pathId: string,
  what: string,
): void {
  if (bodyId !== undefined && bodyId !== pathId) {
    fail(
      'VALIDATION_FAILED',
      `The body's ${field} ${bodyId} does not match the ${what} in the path (${pathId}); leave it out or send the same id`,
    );
  }
}

/** A name as stored: trimmed, and not empty. */
export function requireName(field: string, value: string): string {
  const name = value.trim();
  if (name === '') fail('VALIDATION_FAILED', `The field "${field}" must not be empty`);
  return name;
}

/** Records who changed a template and when (blocks and fields count as the template's). */
export async function touchTemplate(
  db: Db,
  actor: Actor,
  templateId: string,
): Promise<{ updated_by: string; updated_date: string }> {
  const stamp = { updated_by: actor.username, updated_date: now() };
  await db.updateTable('templates').set(stamp).where('template_id', '=', templateId).execute();
  return stamp;
}
