/**
 * PUT /api/templates/{template_id}: changes a template's own settings, and is also the reorder
 * save of §7 (template_id, template_order, optionally parent_id): a new place rewrites the path
 * and level of the template and of its whole subtree.
 */
import { MOVE_NOT_ALLOWED_MESSAGE } from '@canopy/core';
import { permissionsOn, requirePermission } from '../../access/permissions';
import type { Db } from '../../db/index';
import type { Actor } from '../../auth/actor';
import { now, type OpContext } from '../context';
import type { TemplateRow } from '../../db/schema';
import { fail } from '../../errors';
import { loadTemplate } from '../../repositories/templates';
import { descendantIds, placeSubtree } from '../../repositories/templates-tree';
import type { TemplateWithPermissions } from './get-template';
import { isFixedRoot, requireName, requireSameId, templateOr404 } from './guards';
import {
  allowedTypesNote,
  allowsTemplateType,
  checkWidgetSettings,
  requireKnownTemplateType,
  settingColumns,
  type TemplateSettings,
} from './template-rules';

export interface TemplateUpdate extends TemplateSettings {
  /** May repeat the id of the path; any other id is refused. */
  template_id?: string;
  /** A new parent moves the template (with its subtree) there. */
  parent_id?: string;
  template_order?: number;
  /** The updated_date the caller last saw; when the template changed since, nothing is saved (409). */
  updated_date?: string;
}

export async function updateTemplate(
  { db, actor }: OpContext,
  templateId: string,
  input: TemplateUpdate,
): Promise<TemplateWithPermissions> {
  requireSameId('template_id', input.template_id, templateId, 'template');
  return db.transaction().execute(async (trx) => {
    // Access: Edit on the template.
    const current = await templateOr404(trx, templateId);
    await requirePermission(trx, actor, templateId, 'Edit');

    // Validate: nobody saved since the caller loaded it, and the settings hold.
    if (input.updated_date !== undefined && input.updated_date !== current.updated_date) {
      fail(
        'STALE_SAVE',
        `This template was changed by ${current.updated_by ?? 'someone else'} at ${current.updated_date}, after you loaded it; reload it and make your change again`,
        { template: await loadTemplate(trx, templateId) },
      );
    }
    if (input.template_name !== undefined) requireName('template_name', input.template_name);
    const columns = settingColumns(input);
    const next = { ...current, ...columns };
    const typeChanged = next.template_type_id !== current.template_type_id;
    if (typeChanged) await requireKnownTemplateType(trx, next.template_type_id);
    if (columns.widget_type !== undefined || columns.container_item_child_reference !== undefined) {
      await checkWidgetSettings(trx, next);
    }

    // Validate the place (§4 Reorder).
    const parentId = input.parent_id ?? current.parent_id;
    const order = input.template_order ?? current.template_order;
    const moving = parentId !== current.parent_id;
    const placed = moving || order !== current.template_order;
    if (!Number.isInteger(order) || order < 1) {
      fail('VALIDATION_FAILED', 'The field "template_order" must be a whole number of 1 or more');
    }
    const parent = parentId === null ? null : await templateOr404(trx, parentId, 'Parent template');
    if (placed && current.parent_id === null) {
      fail(
        'MOVE_NOT_ALLOWED',
        `${MOVE_NOT_ALLOWED_MESSAGE}: items at the top level keep their place`,
      );
    }
    if (moving) await checkMove(trx, actor, current, parent!);
    if ((moving || typeChanged) && parent && !allowsTemplateType(parent, next.template_type_id)) {
      if (moving) {
        fail('MOVE_NOT_ALLOWED', `${MOVE_NOT_ALLOWED_MESSAGE}: ${allowedTypesNote(parent)}`);
      }
      fail(
        'VALIDATION_FAILED',
        `This template cannot become a ${next.template_type_id}: ${allowedTypesNote(parent)}`,
      );
    }

    // Write.
    await trx
      .updateTable('templates')
      .set({ ...columns, updated_by: actor.username, updated_date: now() })
      .where('template_id', '=', templateId)
      .execute();
    if (placed) await placeSubtree(trx, templateId, parentId, parent?.path ?? null, order);
    const template = (await loadTemplate(trx, templateId))!;
    return { ...template, permissions: await permissionsOn(trx, actor, templateId) };
  });
}

/** A move keeps the fixed roots in place, never goes into its own subtree, and needs Edit or Create on the new parent. */
async function checkMove(db: Db, actor: Actor, template: TemplateRow, parent: TemplateRow) {
  if (isFixedRoot(template.template_id)) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: "${template.template_name}" is a fixed root of the template tree`,
    );
  }
  if (
    parent.template_id === template.template_id ||
    (await descendantIds(db, template.template_id)).includes(parent.template_id)
  ) {
    fail(
      'MOVE_NOT_ALLOWED',
      `${MOVE_NOT_ALLOWED_MESSAGE}: a template cannot go under itself or one of its own descendants`,
    );
  }
  const held = await permissionsOn(db, actor, parent.template_id);
  if (!held.includes('Edit') && !held.includes('Create')) {
    fail(
      'FORBIDDEN',
      'You need the Edit or Create permission on the new parent to move an item there',
      { content_id: parent.template_id },
    );
  }
}
