/** Lookups and checks the template operations share: 404s, id rules, fixed roots, "updated". */
import { recordAudit } from '../../audit/record';
import { emptyNameMessage, TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import type { Db } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { requirePermission } from '../../access/permissions';
import { stampUnlessStale } from '../stale-save';
import type { TemplateBlockRow, TemplateFieldRow, TemplateRow } from '../../db/schema';
import { fail } from '../../errors';
import { findTemplate, loadTemplate } from '../../repositories/templates';
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
export function requireName(field: 'template_name' | 'block_name', value: string): string {
  const name = value.trim();
  if (name === '') fail('VALIDATION_FAILED', emptyNameMessage(field));
  return name;
}

/**
 * Records who changed a template and when (blocks and fields count as the template's); with
 * `loaded`, only when nobody changed it since (the stale-save rule content saves follow too).
 */
export async function stampTemplate(
  db: Db,
  actor: Actor,
  templateId: string,
  loaded?: string,
): Promise<{ updated_by: string; updated_date: string }> {
  const updated_date = await stampUnlessStale(
    db,
    actor,
    { table: 'templates', key: { template_id: templateId } },
    loaded,
    async () => ({ template: await loadTemplate(db, templateId) }),
  );
  return { updated_by: actor.username, updated_date };
}

/** Where a template row write lands: its template, and what the body claims about it. */
export interface TemplateRowTarget {
  /** The template that owns the rows written. */
  templateId: string;
  /** What the rows are, for messages ("Template block <id>"). */
  row: string;
  /** A template id the body names: it must be the owner. */
  claimedTemplateId?: string | undefined;
  /** A block the body names (a field moving or created there): it must be the owner's. */
  claimedBlockId?: string | undefined;
  /** The template's updated_date as the caller loaded it (the stale-save rule). */
  loaded?: string | undefined;
  /** What the write does, as the audit record names it. */
  change: `${'block' | 'field'}-${'create' | 'change' | 'delete'}`;
}

/**
 * The one rule every write to a template's rows (blocks and field definitions) follows: the rows
 * and every template or block the body names belong to one template, the caller has Edit on it,
 * nobody changed it since the caller loaded it, and the write is recorded on the template.
 */
export async function writeTemplateRows<T>(
  db: Db,
  actor: Actor,
  target: TemplateRowTarget,
  write: () => Promise<T>,
): Promise<T> {
  const { templateId } = target;
  if (target.claimedTemplateId !== undefined && target.claimedTemplateId !== templateId) {
    fail(
      'VALIDATION_FAILED',
      `${target.row} belongs to template ${templateId}, not ${target.claimedTemplateId}; rows never move to another template`,
    );
  }
  if (target.claimedBlockId !== undefined) {
    const block = await blockOr404(db, target.claimedBlockId);
    if (block.template_id !== templateId) {
      fail(
        'VALIDATION_FAILED',
        `Template block ${block.block_id} belongs to another template than ${target.row.toLowerCase()}; rows never move to another template`,
      );
    }
  }
  await requirePermission(db, actor, templateId, 'Edit');
  await stampTemplate(db, actor, templateId, target.loaded);
  const result = await write();
  const row = result as { block_id?: string; field_id?: string };
  await recordAudit(db, actor, {
    action: 'template-change',
    content_id: templateId,
    details: {
      change: target.change,
      ...(target.change.startsWith('field') ? { field_id: row.field_id } : {}),
      ...(row.block_id !== undefined ? { block_id: row.block_id } : {}),
    },
  });
  return result;
}
