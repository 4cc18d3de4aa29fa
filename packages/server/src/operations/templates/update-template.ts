/**
 * PUT /api/templates/{template_id}: changes a template's own settings, and is also the reorder
 * save of §7 (template_id, template_order, optionally parent_id): a new place rewrites the path
 * and level of the template and of its whole subtree.
 */
import { MOVE_NOT_ALLOWED_MESSAGE } from '@canopy/core';
import { permissionsOn, requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { loadTemplate } from '../../repositories/templates';
import { placeSubtree } from '../../repositories/templates-tree';
import { requirePlacementAllowed } from '../tree/move-rules';
import type { TemplateWithPermissions } from './get-template';
import { isFixedRoot, requireName, requireSameId, stampTemplate, templateOr404 } from './guards';
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

    // Validate: nobody saved since the caller loaded it (compare-and-set, shared with content
    // saves), and the settings hold.
    await stampTemplate(trx, actor, templateId, input.updated_date);
    if (input.template_name !== undefined) requireName('template_name', input.template_name);
    const columns = settingColumns(input);
    const next = { ...current, ...columns };
    const typeChanged = next.template_type_id !== current.template_type_id;
    if (typeChanged) await requireKnownTemplateType(trx, next.template_type_id);
    if (columns.widget_type !== undefined || columns.container_item_child_reference !== undefined) {
      await checkWidgetSettings(trx, next);
    }

    // Validate the place (§4 Reorder): the tree's placement rules, shared with content.
    const parentId = input.parent_id ?? current.parent_id;
    const order = input.template_order ?? current.template_order;
    const placed = parentId !== current.parent_id || order !== current.template_order;
    const parent = parentId === null ? null : await templateOr404(trx, parentId, 'Parent template');
    const { moving } = placed
      ? await requirePlacementAllowed(trx, actor, {
          item: {
            id: templateId,
            parent_id: current.parent_id,
            name: current.template_name,
          },
          parentId,
          order,
          orderField: 'template_order',
          fixedRoot: isFixedRoot(templateId),
        })
      : { moving: false };
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
    if (Object.keys(columns).length > 0) {
      await trx
        .updateTable('templates')
        .set(columns)
        .where('template_id', '=', templateId)
        .execute();
    }
    if (placed) await placeSubtree(trx, templateId, parentId, parent?.path ?? null, order);
    await recordAudit(trx, actor, {
      action: 'template-change',
      content_id: templateId,
      details: {
        settings: Object.keys(columns),
        ...(placed ? { parent_id: parentId, template_order: order } : {}),
      },
    });
    const template = (await loadTemplate(trx, templateId))!;
    return { ...template, permissions: await permissionsOn(trx, actor, templateId) };
  });
}
