/** POST /api/templates: a new template at the end of its parent's children (§3 Menu item). */
import { randomUUID } from 'node:crypto';
import { childPath, levelOf } from '@canopy/core';
import {
  grantCreatorPermissions,
  permissionsOn,
  requirePermission,
} from '../../access/permissions';
import { personalRoleId } from '../../auth/actor';
import { now, type OpContext } from '../context';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { loadTemplate } from '../../repositories/templates';
import { nextChildOrder } from '../../repositories/templates-tree';
import type { TemplateWithPermissions } from './get-template';
import { requireName, templateOr404 } from './guards';
import { requireUnusedItemId } from '../../access/item-ids';
import {
  allowedTypesNote,
  allowsTemplateType,
  checkWidgetSettings,
  requireKnownTemplateType,
  settingColumns,
  type TemplateSettings,
} from './template-rules';

export interface NewTemplate extends TemplateSettings {
  /** A client-made id; one is made when left out. */
  template_id?: string;
  template_name: string;
  template_type_id: string;
  /** The template folder or template the new one goes under. */
  parent_id: string;
}

export async function createTemplate(
  { db, actor }: OpContext,
  input: NewTemplate,
): Promise<TemplateWithPermissions> {
  return db.transaction().execute(async (trx) => {
    // Access: Create on the parent.
    const parent = await templateOr404(trx, input.parent_id, 'Parent template');
    await requirePermission(trx, actor, parent.template_id, 'Create');

    // Validate.
    const columns = settingColumns(input);
    requireName('template_name', input.template_name);
    await requireKnownTemplateType(trx, input.template_type_id);
    if (!allowsTemplateType(parent, input.template_type_id)) {
      fail(
        'VALIDATION_FAILED',
        `A ${input.template_type_id} cannot be created here: ${allowedTypesNote(parent)}`,
      );
    }
    await checkWidgetSettings(trx, {
      widget_type: columns.widget_type ?? null,
      container_item_child_reference: columns.container_item_child_reference ?? null,
    });
    const templateId = input.template_id ?? randomUUID();
    if (input.template_id !== undefined) await requireUnusedItemId(trx, templateId);

    // Write: order = sibling count + 1, path = parent path + '/' + two-digit order.
    const order = await nextChildOrder(trx, parent.template_id);
    const path = childPath(parent.path, order);
    const stamp = now();
    await trx
      .insertInto('templates')
      .values({
        template_id: templateId,
        template_name: input.template_name.trim(),
        template_type_id: input.template_type_id,
        parent_id: parent.template_id,
        template_order: order,
        path,
        lvl: levelOf(path),
        file_layout: null,
        widget_type: null,
        custom_icon_class: null,
        container_item_child_reference: null,
        widget_template_data: null,
        child_levels_needed: 0,
        allowed_content_type: '',
        allowed_template_type: '',
        ...columns,
        is_active: 1,
        created_by: actor.username,
        created_date: stamp,
        updated_date: stamp,
        updated_by: actor.username,
      })
      .execute();

    // Record: the creator holds all four permissions on what they made (§6).
    await grantCreatorPermissions(trx, actor, templateId);
    await recordAudit(trx, actor, {
      action: 'template-create',
      content_id: templateId,
      details: { parent_id: parent.template_id, template_type_id: input.template_type_id },
    });
    const withGrant =
      actor.kind === 'user' && actor.userId
        ? { ...actor, roleIds: [...actor.roleIds, personalRoleId(actor.userId)] }
        : actor;
    const template = (await loadTemplate(trx, templateId))!;
    return { ...template, permissions: await permissionsOn(trx, withGrant, templateId) };
  });
}
