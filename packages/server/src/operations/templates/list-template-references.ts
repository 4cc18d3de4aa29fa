/** GET /api/templates/{id}/references: the content items that use a template (as theirs or as a widget). */
import { readableIds, requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import {
  contentUsingTemplate,
  type TemplateReference,
} from '../../repositories/templates-references';
import { templateOr404 } from './guards';

export async function listTemplateReferences(
  { db, actor }: OpContext,
  templateId: string,
): Promise<TemplateReference[]> {
  await templateOr404(db, templateId);
  await requirePermission(db, actor, templateId, 'Read');
  const references = await contentUsingTemplate(db, templateId);
  // Lists only hold what the caller may read.
  const readable = await readableIds(db, actor, 'content_items');
  return readable ? references.filter((ref) => readable.has(ref.content_id)) : references;
}
