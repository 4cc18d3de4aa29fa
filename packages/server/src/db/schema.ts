/** The typed shape of Canopy's database (Kysely). Dates are ISO-8601 text on both dialects. */
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface SitesTable {
  site_id: string;
  site_name: string;
  root_content_id: string | null;
  base_url: string | null;
  created_date: string;
}

/** Where a site's target (delivery, preview) is served, set in the admin; CANOPY_SITES overrides. */
export interface SiteTargetsTable {
  site_id: string;
  mode: 'delivery' | 'preview';
  /** JSON array of host names; any host when empty. */
  hosts: string;
  base_path: string;
  updated_date: string;
}

/** A content item's identity and place in the tree; what it says changes per version lives in content_versions. */
export interface ContentItemsTable {
  content_id: string;
  site_id: string | null;
  parent_id: string | null;
  content_order: number;
  path: string;
  lvl: number;
  content_type_id: string;
  template_id: string | null;
  content_name: string;
  is_active: number;
  locked_by: string | null;
  /** When the lock was taken or last renewed; it lapses a lease after (null: no lease). */
  locked_date: ColumnType<string | null, string | null | undefined, string | null>;
  custom_icon: string | null;
  allowed_content_type: string;
  allowed_template_type: string;
  media_library_directory: string | null;
  /** The newest version's Page URL and media address, kept here so the menu needs no join. */
  page_url: string | null;
  media_url: string | null;
  /** An image's focal point, "x,y" as fractions from the top left; null: the centre. */
  focal_point: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_date: string;
}

/** One write, recorded in the write's transaction (audit/record.ts); never changed afterwards. */
export interface AuditLogTable {
  audit_id: string;
  audit_date: string;
  /** user, apikey or system; `actor` is their username (an API key's name). */
  actor_kind: string;
  actor: string;
  actor_name: string;
  action: string;
  content_id: string | null;
  version: number | null;
  /** JSON: what the write changed (fields and blocks of a save, the new status, ...). */
  details: string | null;
}

export interface ContentVersionsTable {
  content_id: string;
  version: number;
  status_id: string;
  content_name: string;
  page_url: string | null;
  publish_date: string;
  unpublish_date: string;
  copied_from: number | null;
  parent_version: number | null;
  updated_date: string;
  updated_by: string | null;
}

export interface ContentFieldsTable {
  field_id: string;
  version: number;
  content_id: string;
  template_block_id: string;
  field_value: string | null;
  content_ref: string | null;
}

export interface DynamicRegionsTable {
  region_id: string;
  version: number;
  content_id: string;
  field_id: string;
  region_value: string | null;
}

export interface ContentBlocksTable {
  block_id: string;
  version: number;
  content_id: string;
  region_id: string;
  template_id: string;
  content_block_order: number;
}

export interface BlockFieldsTable {
  field_id: string;
  version: number;
  content_id: string;
  block_id: string;
  template_block_id: string;
  field_value: string | null;
}

export interface TemplatesTable {
  template_id: string;
  template_name: string;
  template_type_id: string;
  parent_id: string | null;
  template_order: number;
  path: string;
  lvl: number;
  file_layout: string | null;
  widget_type: string | null;
  custom_icon_class: string | null;
  container_item_child_reference: string | null;
  widget_template_data: string | null;
  child_levels_needed: number;
  allowed_content_type: string;
  allowed_template_type: string;
  is_active: number;
  created_by: string | null;
  created_date: string;
  updated_date: string;
  updated_by: string | null;
}

export interface TemplateBlocksTable {
  block_id: string;
  template_id: string;
  block_name: string;
  block_order: number;
}

export interface TemplateFieldsTable {
  field_id: string;
  block_id: string;
  template_id: string;
  field_type: string;
  field_name: string;
  allowed_widgets: string | null;
  edit_in_behavior: string | null;
  is_required: number;
  regex_validation: string | null;
  validation_message: string | null;
  default_value: string | null;
  tool_tip: string | null;
  field_values: string | null;
  picker_root_item: string | null;
  restrict_to_content_type: string | null;
  microapp_id: string | null;
  microapp_version: string | null;
  connect_to_doc_site: number;
  field_order: number;
}

export interface TemplateTypesTable {
  template_type_id: string;
  template_type_name: string;
  content_type_id: string | null;
  icon: string | null;
}

export interface UsersTable {
  user_id: string;
  username: string;
  given_name: string;
  family_name: string;
  email: string | null;
  password_hash: string | null;
  disabled: number;
  created_date: string;
  updated_date: string;
  last_sign_in_date: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolesTable {
  role_id: string;
  role_name: string;
  /** Higher ranks may grant lower ones; nobody grants above their own. */
  role_rank: number;
  is_admin: number;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface PermissionDefinitionsTable {
  permission_id: string;
  permission_name: string;
}

/** A role's setting of one permission on one item; inherited by the item's subtree. */
export interface RolePermissionsTable {
  role_id: string;
  content_id: string;
  permission_id: string;
  permission: number;
}

export interface SigningKeysTable {
  kid: string;
  private_jwk: string;
  created_date: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  sites: SitesTable;
  site_targets: SiteTargetsTable;
  content_items: ContentItemsTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
  content_fields: ContentFieldsTable;
  dynamic_regions: DynamicRegionsTable;
  content_blocks: ContentBlocksTable;
  block_fields: BlockFieldsTable;
  templates: TemplatesTable;
  template_blocks: TemplateBlocksTable;
  template_fields: TemplateFieldsTable;
  template_types: TemplateTypesTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  permission_definitions: PermissionDefinitionsTable;
  role_permissions: RolePermissionsTable;
  signing_keys: SigningKeysTable;
  settings: SettingsTable;
}

export type ContentItemRow = Selectable<ContentItemsTable>;
export type ContentVersionRow = Selectable<ContentVersionsTable>;
export type ContentFieldRow = Selectable<ContentFieldsTable>;
export type DynamicRegionRow = Selectable<DynamicRegionsTable>;
export type ContentBlockRow = Selectable<ContentBlocksTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type BlockFieldRow = Selectable<BlockFieldsTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type TemplateBlockRow = Selectable<TemplateBlocksTable>;
export type TemplateFieldRow = Selectable<TemplateFieldsTable>;
export type UserRow = Selectable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type NewContentItem = Insertable<ContentItemsTable>;
export type NewContentVersion = Insertable<ContentVersionsTable>;
export type ContentItemUpdate = Updateable<ContentItemsTable>;
export type NewTemplate = Insertable<TemplatesTable>;

/** A record of the embedded OpenID provider (session, grant, code, interaction...), as JSON. */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

/** A server-side caller's key, stored as a SHA-256 hash; scope 'published' or 'role'. */
export interface ApiKeysTable {
  key_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  scope: string;
  role_id: string | null;
  created_by: string;
  created_date: string;
  revoked_date: string | null;
  /** After this moment the key is refused; null: it never expires. */
  expires_date: string | null;
  /** The last request the key authenticated (at most one write a minute). */
  last_used_date: string | null;
}

/**
 * Links a subject of an external OpenID issuer (source 'oidc', issuer its URL) or of a gateway
 * (source and issuer 'gateway') to a user. Links made before issuers were recorded carry
 * `legacy:<source>` until their issuer's next sign-in.
 */
export interface ExternalIdentitiesTable {
  issuer: string;
  source: string;
  subject: string;
  user_id: string;
  created_date: string;
}

// Declaration merging: the identity tables join the Database interface above.
export interface Database {
  oidc_payloads: OidcPayloadsTable;
  api_keys: ApiKeysTable;
  external_identities: ExternalIdentitiesTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A micro-app registered for a site (§7 registeredclient). */
export interface MicroappsTable {
  microapp_id: string;
  site_id: string;
  name: string;
  description: string;
  /** JSON array of the APIs the micro-app calls ({ name, url, method }). */
  client_apis: string;
  created_by: string;
  created_date: string;
  updated_date: string;
}

/** How one version of a micro-app runs: a module defining a custom element, or a framed page. */
export interface MicroappVersionsTable {
  microapp_id: string;
  version: string;
  runtime: string;
  module_url: string | null;
  element_name: string | null;
  frame_url: string | null;
  frame_height: number | null;
  version_order: number;
}

/** A configured instance of a micro-app version (§3 Micro-app instance). */
export interface MicroappInstancesTable {
  instance_id: string;
  microapp_id: string;
  instance_name: string;
  instance_version: string;
  unique_name: string;
  ad_groups_modify: string;
  status: number;
  /** JSON object of the instance's settings. */
  configuration: string;
  created_by: string;
  created_date: string;
}

// Declaration merging: the micro-app tables join the Database interface above.
export interface Database {
  microapps: MicroappsTable;
  microapp_versions: MicroappVersionsTable;
  microapp_instances: MicroappInstancesTable;
}

/** A publish to a site's preview or delivery target: what, who, when, which build. */
export interface ReleasesTable {
  release_id: string;
  site_id: string;
  mode: string;
  build_id: string | null;
  released_by: string;
  released_date: string;
  /** JSON: { content: [{ content_id, version }], templates: [template_id] }. */
  items: string;
}

/** A static-site build job: queued, running, succeeded or failed. */
export interface BuildsTable {
  build_id: string;
  site_id: string;
  mode: string;
  build_definition_id: string;
  build_type: string;
  status: string;
  release_id: string | null;
  requested_by: string;
  queued_date: string;
  started_date: string | null;
  finished_date: string | null;
  pages_total: number;
  pages_done: number;
  /** Pages rendered by this build; the rest were carried over from the previous one. */
  pages_rendered: number;
  error: string | null;
}

// Declaration merging: the publishing tables join the Database interface above.
export interface Database {
  releases: ReleasesTable;
  builds: BuildsTable;
}

export type BuildRow = Selectable<BuildsTable>;

/** A media job (an MP4 turned into a multi-stream video): queued, running, succeeded or failed. */
export interface MediaJobsTable {
  job_id: string;
  kind: string;
  source_id: string;
  content_id: string;
  status: string;
  /** 0 to 100. */
  progress: number;
  message: string | null;
  /** JSON: the addresses of the files made. */
  files: string;
  /** Who asked ('user', 'apikey' or 'system', with `created_by`): the job acts as them. */
  actor_kind: string;
  created_by: string;
  created_date: string;
  updated_date: string;
}

// Declaration merging: the media jobs join the Database interface above.
export interface Database {
  media_jobs: MediaJobsTable;
}

export type MediaJobRow = Selectable<MediaJobsTable>;
