/**
 * Entity shapes of SPEC §3 as the content API sends and receives them. They are the one
 * definition of each shape: the database's row types (server db/schema.ts) derive from them, and
 * the API's schemas are checked against them.
 */

export const VERSION_STATUSES = ['draft', 'staged', 'published'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const PERMISSIONS = ['Edit', 'Create', 'Delete', 'Read'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ITEM_TYPES = ['content', 'template'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const MEDIA_CONTENT_TYPES = ['image', 'video', 'multi-stream-video', 'document'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

export const WIDGET_TYPES = ['Block Widget', 'Container Widget', 'Container Item Widget'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** A yes/no column of the database and the API (is_active, is_required, ...): 0 or 1. */
export type Flag = 0 | 1;

/** A content type's template type id: '{contenttype}-template'. */
export function templateTypeOf(contentTypeId: string): string {
  return `${contentTypeId}-template`;
}

export function isMediaContentType(contentTypeId: string): contentTypeId is MediaContentType {
  return (MEDIA_CONTENT_TYPES as readonly string[]).includes(contentTypeId);
}

/** Change status carried by each edited item of a Save (§3). */
export interface ChangeStatus {
  create?: boolean;
  edited?: boolean;
  delete?: boolean;
  errorFields?: string[];
}

export interface MenuItem {
  content_id: string;
  content_name: string;
  content_order: number;
  content_type_id: string | null;
  template_type_id: string | null;
  template_id: string | null;
  item_type: ItemType;
  is_active: Flag;
  is_locked: Flag;
  locked_by: string | null;
  lvl: number;
  parent_id: string | null;
  path: string;
  custom_icon: string | null;
  media_url: string | null;
  page_url: string | null;
  allowed_content_type: string;
  allowed_template_type: string;
  permissions: Permission[];
  children: MenuItem[];
}

/** A site (§3): a tree of content under its home item. */
export interface Site {
  site_id: string;
  site_name: string;
  root_content_id: string | null;
  base_url: string | null;
  created_date: string;
}

/** A site with what its view shows: the home item and how many items and pages it has. */
export interface SiteDetail extends Site {
  root: { content_id: string; content_name: string; page_url: string | null; path: string } | null;
  item_count: number;
  page_count: number;
}

export interface BlockField {
  field_id: string;
  block_id: string;
  template_block_id: string;
  field_value: string | null;
  version: number;
}

export interface ContentBlock {
  block_id: string;
  region_id: string;
  template_id: string;
  version: number;
  content_block_order: number;
  file_layout: string | null;
  content_blocks_fields: Record<string, BlockField>;
}

/**
 * A zone layout node: a drop zone, container, container item or plain block (§3). A node may
 * carry other properties; the server keeps them as they are.
 */
export interface LayoutNode {
  id: string;
  type?: string;
  blocks?: LayoutNode[];
  [property: string]: unknown;
}

export interface DynamicRegion {
  region_id: string;
  field_id: string;
  region_value: LayoutNode | null;
  version: number;
  content_blocks: Record<string, ContentBlock>;
}

export interface ContentField {
  field_id: string;
  content_id: string;
  template_block_id: string;
  version: number;
  field_value: string | null;
  content_ref: string | null;
  referenced_data_collection: unknown[] | null;
  dynamic_content_regions: Record<string, DynamicRegion>;
}

export interface Content {
  content_id: string;
  content_name: string;
  content_type_id: string;
  template_id: string | null;
  parent_id: string | null;
  parent_version: number | null;
  content_order: number;
  publish_date: string;
  unpublish_date: string;
  version: number;
  status_id: VersionStatus;
  is_active: Flag;
  is_locked: Flag;
  locked_by: string | null;
  copied_from: number | null;
  site_id: string | null;
  updated_date: string;
  updated_by: string | null;
  permissions: Permission[];
  media_library_directory: string | null;
  page_url: string | null;
  content_fields: Record<string, ContentField>;
  content_ref: string | null;
  /** For signed-in readers: every version of the item, oldest first (the version selector). */
  versions?: VersionSummary[];
  /** The display names of `locked_by` and `updated_by`, for signed-in readers. */
  locked_by_name?: string | null;
  updated_by_name?: string | null;
  /** For signed-in readers: when the lock was taken or last renewed, and when it lapses unless renewed. */
  locked_date?: string | null;
  lock_expires_date?: string | null;
}

/** One version of a content item as the version selector and history list it. */
export interface VersionSummary {
  version: number;
  status_id: VersionStatus;
  copied_from: number | null;
  updated_date: string;
  updated_by: string | null;
  updated_by_name: string | null;
}

export interface TemplateFieldDefinition {
  field_id: string;
  block_id: string;
  /** One of FIELD_TYPES when written through the API; stored data may hold others (fieldTypeOf). */
  field_type: string;
  field_name: string;
  allowed_widgets: string | null;
  edit_in_behavior: string | null;
  is_required: Flag;
  regex_validation: string | null;
  validation_message: string | null;
  default_value: string | null;
  tool_tip: string | null;
  field_values: string | null;
  picker_root_item: string | null;
  restrict_to_content_type: string | null;
  microapp_id: string | null;
  microapp_version: string | null;
  connect_to_doc_site: Flag;
}

/** A field definition as stored and as the API answers it: the §3 shape, its template and order. */
export interface TemplateField extends TemplateFieldDefinition {
  template_id: string;
  field_order: number;
}

export interface TemplateBlock {
  block_id: string;
  template_id: string;
  block_name: string;
  block_order: number;
  template_fields: Record<string, TemplateFieldDefinition>;
}

export interface Template {
  template_id: string;
  template_name: string;
  template_type_id: string;
  parent_id: string | null;
  template_order: number;
  template_blocks: Record<string, TemplateBlock>;
  file_layout: string | null;
  widget_type: WidgetType | null;
  custom_icon_class: string | null;
  container_item_child_reference: string | null;
  widget_template_data: unknown;
  childLevelsNeeded: number;
  allowed_content_type: string;
  allowed_template_type: string;
  updated_date: string;
  updated_by: string | null;
}
