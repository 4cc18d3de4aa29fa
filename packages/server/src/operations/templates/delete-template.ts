/**
 * DELETE /api/templates/{id}: removes a template with its blocks and fields. Refused while content
 * or other templates still depend on it, and always for the fixed roots.
 */
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { containersUsing, contentUsingTemplate } from '../../repositories/templates-references';
import { closeGap, countChildren } from '../../repositories/templates-tree';
import { isFixedRoot, templateOr404 } from './guards';

export async function deleteTemplate(
  { db, actor }: OpContext,
  templateId: string,
): Promise<{ status: 'Success'; template_id: string }> {
  return db.transaction().execute(async (trx) => {
    // Access: Delete on the template; the fixed roots are never deleted.
    const template = await templateOr404(trx, templateId);
    const name = template.template_name;
    if (isFixedRoot(templateId)) {
      fail('FORBIDDEN', `"${name}" is a fixed root of the template tree and can never be deleted`);
    }
    await requirePermission(trx, actor, templateId, 'Delete');

    // Validate: nothing depends on it.
    const children = await countChildren(trx, templateId);
    if (children > 0) {
      fail(
        'HAS_CHILDREN',
        `"${name}" has ${children} child template${children === 1 ? '' : 's'}; move or delete ${children === 1 ? 'it' : 'them'} first`,
        { children },
      );
    }
    const users = await contentUsingTemplate(trx, templateId);
    if (users.length > 0) {
      fail(
        'CONFLICT',
        `"${name}" is used by ${users.length} content item${users.length === 1 ? '' : 's'} (such as "${users[0]!.content_name}"); change or delete ${users.length === 1 ? 'it' : 'them'} first. GET /api/templates/${templateId}/references lists them`,
        { references: users.length },
      );
    }
    const [container] = await containersUsing(trx, templateId);
    if (container) {
      fail(
        'CONFLICT',
        `"${name}" is the container item of the widget "${container.template_name}"; change that widget's container_item_child_reference first`,
        { template_id: container.template_id },
      );
    }

    // Write: fields, blocks, the role settings kept for it, the template; then close its place.
    await trx.deleteFrom('template_fields').where('template_id', '=', templateId).execute();
    await trx.deleteFrom('template_blocks').where('template_id', '=', templateId).execute();
    await trx.deleteFrom('role_permissions').where('content_id', '=', templateId).execute();
    await trx.deleteFrom('templates').where('template_id', '=', templateId).execute();
    if (template.parent_id) await closeGap(trx, template.parent_id, template.template_order);
    await recordAudit(trx, actor, {
      action: 'template-delete',
      content_id: templateId,
      details: { content_name: name },
    });
    return { status: 'Success' as const, template_id: templateId };
  });
}
