/**
 * GET /api/templates/{id}/widgetreferences: the widget templates a template's dynamic zones allow
 * (the in-page editor's Blocks tab), sorted by name. A zone with an empty allowed_widgets list
 * allows every widget template.
 */
import { readableIds, requirePermission } from '../../access/permissions';
import type { OpContext } from '../context';
import { loadTemplates, type TemplateView } from '../../repositories/templates';
import { allowedWidgetIds } from './field-rules';
import { templateOr404 } from './guards';

export async function listWidgetReferences(
  { db, actor }: OpContext,
  templateId: string,
): Promise<TemplateView[]> {
  await templateOr404(db, templateId);
  await requirePermission(db, actor, templateId, 'Read');

  const zones = await db
    .selectFrom('template_fields')
    .select('allowed_widgets')
    .where('template_id', '=', templateId)
    .where('field_type', '=', 'Dynamic Zone')
    .execute();
  if (zones.length === 0) return [];
  const anyWidget = zones.some((zone) => allowedWidgetIds(zone.allowed_widgets).length === 0);
  const ids = anyWidget
    ? (
        await db
          .selectFrom('templates')
          .select('template_id')
          .where('widget_type', 'is not', null)
          .execute()
      ).map((row) => row.template_id)
    : zones.flatMap((zone) => allowedWidgetIds(zone.allowed_widgets));

  // Ids of templates that are gone or are not widgets are skipped, not reported.
  const widgets = (await loadTemplates(db, ids)).filter((widget) => widget.widget_type != null);
  const readable = await readableIds(db, actor, 'templates');
  return widgets
    .filter((widget) => !readable || readable.has(widget.template_id))
    .sort(
      (a, b) =>
        a.template_name.localeCompare(b.template_name) ||
        a.template_id.localeCompare(b.template_id),
    );
}
