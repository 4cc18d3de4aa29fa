/** GET /api/templates/{id}: a template with its blocks and field definitions. */
import type { Permission } from '@canopy/core';
import { requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { notFound } from '../../errors';
import { loadTemplate, type TemplateView } from '../../repositories/templates';

export type TemplateWithPermissions = TemplateView & { permissions: Permission[] };

export async function getTemplate(
  { db, actor }: OpContext,
  templateId: string,
): Promise<TemplateWithPermissions> {
  const template = (await loadTemplate(db, templateId)) ?? notFound('Template', templateId);
  const permissions = await requirePermission(db, actor, templateId, 'Read');
  return { ...template, permissions };
}
