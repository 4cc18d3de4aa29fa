/** Request and reply schemas of the content routes. */
import { PERMISSIONS, VERSION_STATUSES, type LayoutNode } from '@canopy/core';
import { Type } from 'typebox';
import { Changes } from '../../schemas/changes';
import {
  Flag,
  Int,
  Nullable,
  Text as StorableText,
  Uuid,
  VersionNumber,
} from '../../schemas/common';

export const ContentIdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const ContentVersionParams = Type.Object(
  { id: Uuid, version: VersionNumber },
  { additionalProperties: false },
);
export const SiteUrlQuery = Type.Object(
  {
    site_id: Uuid,
    page_url: StorableText({ minLength: 1, description: 'The Page URL, e.g. /about/team' }),
  },
  { additionalProperties: false },
);
export const SiteQuery = Type.Object({ site_id: Uuid }, { additionalProperties: false });
export const VersionQuery = Type.Object(
  { version: VersionNumber },
  { additionalProperties: false },
);
export const OptionalVersionQuery = Type.Object(
  { version: Type.Optional(VersionNumber) },
  { additionalProperties: false },
);

const Text = (max = 400) => StorableText({ maxLength: max });

export const CreateContentBody = Type.Object(
  {
    content_id: Type.Optional(Uuid),
    parent_id: Uuid,
    template_id: Uuid,
    content_name: Type.Optional(Text()),
    content_type_id: Type.Optional(Text(100)),
    page_url: Type.Optional(Text(2000)),
    is_active: Type.Optional(Flag),
    allowed_content_type: Type.Optional(Text(2000)),
    allowed_template_type: Type.Optional(Text(2000)),
    custom_icon: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);

/** The updated_date a writer loaded: a newer change refuses the write with 409 STALE_SAVE. */
export const LoadedUpdatedDate = Type.String({
  maxLength: 40,
  description: 'The updated_date you loaded; a newer save refuses yours with 409',
});

export const SaveContentBody = Type.Object(
  {
    content_id: Type.Optional(Uuid),
    version: Type.Optional(VersionNumber),
    updated_date: Type.Optional(LoadedUpdatedDate),
    content_name: Type.Optional(Text()),
    publish_date: Type.Optional(Text(40)),
    unpublish_date: Type.Optional(Text(40)),
    is_active: Type.Optional(Flag),
    status_id: Type.Optional(
      Type.Union([Type.Literal('draft'), Type.Literal('staged'), Type.Literal('published')]),
    ),
    content_order: Type.Optional(Int({ minimum: 1 })),
    parent_id: Type.Optional(Uuid),
    ...Changes.properties,
  },
  { additionalProperties: false },
);

export const CreateDraftBody = Type.Object(
  {
    content_id: Uuid,
    copied_from: Type.Optional(VersionNumber),
    is_locked: Type.Optional(Type.Union([Type.Boolean(), Int({ minimum: 0, maximum: 1 })])),
  },
  { additionalProperties: false },
);

export const DraftFromVersionBody = Type.Object(
  {
    content_id: Uuid,
    version: VersionNumber,
    sub: Type.Optional(
      Type.String({ description: "The caller's user id; must match the signed-in user" }),
    ),
    is_locked: Type.Optional(Type.Union([Type.Boolean(), Int({ minimum: 0, maximum: 1 })])),
  },
  { additionalProperties: false },
);

export const UnlockQuery = Type.Object(
  { force: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const LockedQuery = Type.Object(
  { locked_by: Type.Optional(StorableText()) },
  { additionalProperties: false },
);
export const TypeParams = Type.Object(
  { type: StorableText({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

// Replies. Fastify writes a reply through its schema: a property left out here is not sent, so
// each lists exactly what the operation answers (nullable where it may be null).

const Success = Type.Literal('Success');
const Permissions = Type.Array(Type.Enum(PERMISSIONS), {
  description: "The caller's permissions on the item",
});
const Status = Type.Enum(VERSION_STATUSES);

export const BlockFieldReply = Type.Object({
  field_id: Type.String(),
  block_id: Type.String(),
  template_block_id: Type.String(),
  field_value: Nullable(Type.String()),
  version: Type.Integer(),
});

export const ContentBlockReply = Type.Object({
  block_id: Type.String(),
  region_id: Type.String(),
  template_id: Type.String(),
  version: Type.Integer(),
  content_block_order: Type.Integer(),
  file_layout: Nullable(Type.String({ description: "The widget template's file_layout" })),
  content_blocks_fields: Type.Record(Type.String(), BlockFieldReply, {
    description: 'Keyed by template_block_id',
  }),
});

/** Written as stored (any JSON), typed as core's LayoutNode (the client's generator names it). */
const ZoneLayout = Type.Unsafe<LayoutNode | null>({
  'x-canopy-type': 'LayoutNode | null',
  description: "The zone's layout as stored: { id, type: 'dynamicZone', blocks: [{ id, ... }] }",
});

export const DynamicRegionReply = Type.Object({
  region_id: Type.String(),
  field_id: Type.String(),
  region_value: ZoneLayout,
  version: Type.Integer(),
  content_blocks: Type.Record(Type.String(), ContentBlockReply, {
    description: 'Keyed by block_id',
  }),
});

export const ContentFieldReply = Type.Object({
  field_id: Type.String(),
  content_id: Type.String(),
  template_block_id: Type.String(),
  version: Type.Integer(),
  field_value: Nullable(Type.String()),
  content_ref: Nullable(Type.String()),
  referenced_data_collection: Nullable(Type.Array(Type.Unknown())),
  dynamic_content_regions: Type.Record(Type.String(), DynamicRegionReply, {
    description: 'Keyed by region_id',
  }),
});

export const VersionSummaryReply = Type.Object({
  version: Type.Integer(),
  status_id: Status,
  copied_from: Nullable(Type.Integer()),
  updated_date: Type.String(),
  updated_by: Nullable(Type.String()),
  updated_by_name: Nullable(Type.String()),
});

const content = {
  content_id: Type.String(),
  content_name: Type.String(),
  content_type_id: Type.String(),
  template_id: Nullable(Type.String()),
  parent_id: Nullable(Type.String()),
  parent_version: Nullable(Type.Integer()),
  content_order: Type.Integer(),
  publish_date: Type.String(),
  unpublish_date: Type.String(),
  version: Type.Integer(),
  status_id: Status,
  is_active: Flag,
  is_locked: Flag,
  locked_by: Nullable(Type.String()),
  copied_from: Nullable(Type.Integer()),
  site_id: Nullable(Type.String()),
  updated_date: Type.String(),
  updated_by: Nullable(Type.String()),
  permissions: Permissions,
  media_library_directory: Nullable(Type.String()),
  page_url: Nullable(Type.String()),
  content_fields: Type.Record(Type.String(), ContentFieldReply, {
    description: 'Keyed by template_block_id',
  }),
  content_ref: Nullable(Type.String()),
  versions: Type.Optional(
    Type.Array(VersionSummaryReply, {
      description: 'For signed-in readers: every version, oldest first',
    }),
  ),
  locked_by_name: Type.Optional(Nullable(Type.String())),
  updated_by_name: Type.Optional(Nullable(Type.String())),
  locked_date: Type.Optional(Nullable(Type.String())),
  lock_expires_date: Type.Optional(Nullable(Type.String())),
};

/** A version of a content item (core's Content). */
export const ContentReply = Type.Object(content);

export const MovedReply = Type.Object({
  status: Success,
  content_id: Type.String(),
  content_order: Type.Integer(),
  parent_id: Nullable(Type.String()),
  path: Type.String(),
});

/** A Save answers the version it wrote; a reorder (content_order, parent_id) the item's place. */
export const SavedReply = Type.Union([Type.Object({ status: Success, ...content }), MovedReply]);

export const DeletedReply = Type.Object({ status: Success, content_id: Type.String() });
export const DeletedDraftReply = Type.Object({
  status: Success,
  content_id: Type.String(),
  version: Type.Integer(),
});
export const LockReply = Type.Object({
  status: Success,
  content_id: Type.String(),
  is_locked: Flag,
  locked_by: Nullable(Type.String()),
});
export const TouchedReply = Type.Object({
  status: Success,
  updated_by: Type.String(),
  updated_date: Type.String(),
});
export const PartReply = Type.Object({
  status: Success,
  id: Type.String({ description: 'The id of the row written' }),
  updated_date: Type.String({ description: "The version's updated_date after the write" }),
});

export const PageUrlsReply = Type.Array(
  Type.Object({
    content_id: Type.String(),
    content_name: Type.String(),
    page_url: Type.String(),
    version: Type.Integer(),
  }),
);

const summary = {
  content_id: Type.String(),
  content_name: Type.String(),
  content_type_id: Type.String(),
  template_id: Nullable(Type.String()),
  parent_id: Nullable(Type.String()),
  site_id: Nullable(Type.String()),
  page_url: Nullable(Type.String()),
  is_locked: Flag,
  locked_by: Nullable(Type.String()),
  path: Type.String(),
  permissions: Permissions,
};
/** Items of a list (locked, by type, references): what identifies and places each. */
export const ContentSummaryList = Type.Array(Type.Object(summary));
export const ChildList = Type.Array(Type.Object({ ...summary, content_order: Type.Integer() }));
export const DraftList = Type.Array(
  Type.Object({
    ...summary,
    version: Type.Integer(),
    status_id: Status,
    updated_date: Type.String(),
    updated_by: Nullable(Type.String()),
  }),
);
