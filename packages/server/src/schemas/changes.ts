/** The changes a Save carries (and the fine-grained field/region/block calls of §7 send one of). */
import { Type, type Static } from 'typebox';
import { ChangeStatus, Uuid, VersionNumber } from './common';

const Text = Type.Union([Type.String(), Type.Null()]);

export const ContentFieldChange = Type.Object(
  {
    field_id: Uuid,
    content_id: Type.Optional(Uuid),
    version: Type.Optional(VersionNumber),
    template_block_id: Type.Optional(Uuid),
    field_value: Type.Optional(Text),
    content_ref: Type.Optional(Type.Union([Uuid, Type.Null()])),
    cmsItemStatus: Type.Optional(ChangeStatus),
  },
  { additionalProperties: false },
);

export const LayoutNode = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    type: Type.Optional(Type.String()),
    blocks: Type.Optional(Type.Array(Type.Any())),
  },
  {
    additionalProperties: true,
    description: "A zone layout: { id, type: 'dynamicZone', blocks: [{ id, ... }] }",
  },
);

export const RegionChange = Type.Object(
  {
    region_id: Uuid,
    field_id: Type.Optional(Uuid),
    version: Type.Optional(VersionNumber),
    region_value: Type.Optional(Type.Union([LayoutNode, Type.Null()])),
    cmsItemStatus: Type.Optional(ChangeStatus),
  },
  { additionalProperties: false },
);

export const BlockChange = Type.Object(
  {
    block_id: Uuid,
    region_id: Type.Optional(Uuid),
    template_id: Type.Optional(Uuid),
    version: Type.Optional(VersionNumber),
    content_block_order: Type.Optional(Type.Integer()),
    cmsItemStatus: Type.Optional(ChangeStatus),
  },
  { additionalProperties: false },
);

export const BlockFieldChange = Type.Object(
  {
    field_id: Uuid,
    block_id: Type.Optional(Uuid),
    template_block_id: Type.Optional(Uuid),
    version: Type.Optional(VersionNumber),
    field_value: Type.Optional(Text),
    cmsItemStatus: Type.Optional(ChangeStatus),
  },
  { additionalProperties: false },
);

export const Changes = Type.Object(
  {
    content_fields: Type.Optional(Type.Array(ContentFieldChange)),
    dynamic_content_regions: Type.Optional(Type.Array(RegionChange)),
    content_blocks: Type.Optional(Type.Array(BlockChange)),
    content_blocks_fields: Type.Optional(Type.Array(BlockFieldChange)),
  },
  { additionalProperties: false },
);

export type ContentFieldChange = Static<typeof ContentFieldChange>;
export type RegionChange = Static<typeof RegionChange>;
export type BlockChange = Static<typeof BlockChange>;
export type BlockFieldChange = Static<typeof BlockFieldChange>;
export type Changes = Static<typeof Changes>;
