/** What a template's own settings must satisfy, on create and on update alike. */
import { splitList, WIDGET_TYPES, type WidgetType } from '@canopy/core';
import type { Db } from '../../db/index';
import type { TemplateRow, TemplatesTable } from '../../db/schema';
import { fail } from '../../errors';
import { findTemplate } from '../../repositories/templates';
import { findTemplateType, listTemplateTypes } from '../../repositories/templates-types';

/** The settings of a template a caller may write (§3 Template). */
export interface TemplateSettings {
  template_name?: string;
  template_type_id?: string;
  file_layout?: string | null;
  widget_type?: WidgetType | null;
  custom_icon_class?: string | null;
  container_item_child_reference?: string | null;
  /** Any JSON value; stored as JSON text. */
  widget_template_data?: unknown;
  childLevelsNeeded?: number;
  /** Comma-separated content type ids. */
  allowed_content_type?: string;
  /** Comma-separated template type ids. */
  allowed_template_type?: string;
}

type SettingColumns = Partial<
  Pick<
    TemplatesTable,
    | 'template_name'
    | 'template_type_id'
    | 'file_layout'
    | 'widget_type'
    | 'custom_icon_class'
    | 'container_item_child_reference'
    | 'widget_template_data'
    | 'child_levels_needed'
    | 'allowed_content_type'
    | 'allowed_template_type'
  >
>;

/** The columns the given settings write; settings left out are not touched. */
export function settingColumns(settings: TemplateSettings): SettingColumns {
  const columns: SettingColumns = {};
  if (settings.template_name !== undefined) columns.template_name = settings.template_name.trim();
  if (settings.template_type_id !== undefined) columns.template_type_id = settings.template_type_id;
  if (settings.file_layout !== undefined) columns.file_layout = settings.file_layout;
  if (settings.widget_type !== undefined) columns.widget_type = settings.widget_type;
  if (settings.custom_icon_class !== undefined)
    columns.custom_icon_class = settings.custom_icon_class;
  if (settings.container_item_child_reference !== undefined) {
    columns.container_item_child_reference = settings.container_item_child_reference;
  }
  if (settings.widget_template_data !== undefined) {
    columns.widget_template_data =
      settings.widget_template_data === null ? null : JSON.stringify(settings.widget_template_data);
  }
  if (settings.childLevelsNeeded !== undefined)
    columns.child_levels_needed = settings.childLevelsNeeded;
  if (settings.allowed_content_type !== undefined) {
    columns.allowed_content_type = splitList(settings.allowed_content_type).join(',');
  }
  if (settings.allowed_template_type !== undefined) {
    columns.allowed_template_type = splitList(settings.allowed_template_type).join(',');
  }
  return columns;
}

export async function requireKnownTemplateType(db: Db, templateTypeId: string): Promise<void> {
  if (await findTemplateType(db, templateTypeId)) return;
  const known = (await listTemplateTypes(db)).map((type) => type.template_type_id);
  fail(
    'VALIDATION_FAILED',
    `Unknown template type "${templateTypeId}"; use one of: ${known.join(', ')} (GET /api/references/ lists them)`,
  );
}

/**
 * Whether a template of this type may live under the parent (§4 Reorder, §5 Add Item): a parent
 * with a non-empty allowed_template_type list takes only the types it lists.
 */
export function allowsTemplateType(parent: TemplateRow, templateTypeId: string): boolean {
  const allowed = splitList(parent.allowed_template_type);
  return allowed.length === 0 || allowed.includes(templateTypeId);
}

export function allowedTypesNote(parent: TemplateRow): string {
  return `"${parent.template_name}" takes only ${splitList(parent.allowed_template_type).join(', ')}`;
}

/**
 * Widget settings: widget_type is one of §3's widget types, and only a Container Widget names a
 * container item, which must be a Container Item Widget template.
 */
export async function checkWidgetSettings(
  db: Db,
  template: Pick<TemplateRow, 'widget_type' | 'container_item_child_reference'>,
): Promise<void> {
  const { widget_type: widgetType, container_item_child_reference: itemId } = template;
  if (widgetType != null && !(WIDGET_TYPES as readonly string[]).includes(widgetType)) {
    fail('VALIDATION_FAILED', `The field "widget_type" must be one of: ${WIDGET_TYPES.join(', ')}`);
  }
  if (itemId == null) return;
  if (widgetType !== 'Container Widget') {
    fail(
      'VALIDATION_FAILED',
      'Only a Container Widget has a container item: set widget_type to "Container Widget" or container_item_child_reference to null',
    );
  }
  const item = await findTemplate(db, itemId);
  if (item?.widget_type !== 'Container Item Widget') {
    fail(
      'INVALID_REFERENCE',
      `container_item_child_reference must name a Container Item Widget template; ${itemId} is ${item ? `"${item.template_name}", which is not one` : 'not a template'}`,
    );
  }
}
