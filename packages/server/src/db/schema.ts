/**
 * The typed shape of Canopy's database (Kysely). Dates are ISO-8601 text on both dialects. The
 * tables of content and templates derive from core's entity shapes (core/src/entities.ts), so a
 * column added to a shape shows on both sides; what only the database holds is added here.
 */
import type {
  Content,
  ContentBlock,
  BlockField,
  ContentField,
  DynamicRegion,
  Flag,
  MenuItem,
  Site,
  Template,
  TemplateBlock,
  TemplateField,
} from '@canopy/core';
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export type SitesTable = Site;

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
export interface ContentItemsTable
  extends
    Pick<
      Content,
      | 'content_id'
      | 'site_id'
      | 'parent_id'
      | 'content_order'
      | 'content_type_id'
      | 'template_id'
      | 'content_name'
      | 'is_active'
      | 'locked_by'
      | 'media_library_directory'
    >,
    Pick<
      MenuItem,
      'path' | 'lvl' | 'custom_icon' | 'allowed_content_type' | 'allowed_template_type'
    > {
  /** When the lock was taken or last renewed; it lapses a lease after (null: no lease). */
  locked_date: ColumnType<string | null, string | null | undefined, string | null>;
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

export type ContentVersionsTable = Pick<
  Content,
  | 'content_id'
  | 'version'
  | 'status_id'
  | 'content_name'
  | 'page_url'
  | 'publish_date'
  | 'unpublish_date'
  | 'copied_from'
  | 'parent_version'
  | 'updated_date'
  | 'updated_by'
>;

export type ContentFieldsTable = Omit<
  ContentField,
  'referenced_data_collection' | 'dynamic_content_regions'
>;

export interface DynamicRegionsTable extends Omit<
  DynamicRegion,
  'region_value' | 'content_blocks'
> {
  content_id: string;
  /** The layout (core's LayoutNode) as JSON text. */
  region_value: string | null;
}

export interface ContentBlocksTable extends Omit<
  ContentBlock,
  'file_layout' | 'content_blocks_fields'
> {
  content_id: string;
}

export interface BlockFieldsTable extends BlockField {
  content_id: string;
}

export interface TemplatesTable extends Omit<
  Template,
  'template_blocks' | 'widget_template_data' | 'childLevelsNeeded'
> {
  path: string;
  lvl: number;
  /** JSON text (the API's widget_template_data). */
  widget_template_data: string | null;
  /** The API's childLevelsNeeded. */
  child_levels_needed: number;
  is_active: Flag;
  created_by: string | null;
  created_date: string;
}

export type TemplateBlocksTable = Omit<TemplateBlock, 'template_fields'>;

export type TemplateFieldsTable = TemplateField;

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

/**
 * A content version's rows as the one JSON document a build reads (`repositories/version-documents`):
 * a cache the builds fill; triggers on the four row tables count each change in `generation` and
 * set `rows` to null.
 */
export interface VersionDocumentsTable {
  content_id: string;
  version: number;
  generation: number;
  /** UTF-8 bytes on SQLite, text on PostgreSQL; null until a build stores it. */
  rows: string | Uint8Array | null;
}

// Declaration merging: the version documents join the Database interface above.
export interface Database {
  version_documents: VersionDocumentsTable;
}
