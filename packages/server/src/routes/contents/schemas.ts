/** Request schemas of the content routes. */
import { Type } from 'typebox';
import { Changes } from '../../schemas/changes';
import { Flag, Int, Text as StorableText, Uuid, VersionNumber } from '../../schemas/common';

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
