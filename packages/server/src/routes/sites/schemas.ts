/** The shapes of the site administration calls (/api/sites). */
import { Type } from 'typebox';
import { pageProperties } from '../../operations/paging';
import { SITE_SORTS } from '../../operations/sites/manage-sites';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const TargetView = Type.Object(
  {
    hosts: Type.Array(Type.String(), {
      description: 'Host names it answers on; any host when empty',
    }),
    base_path: Type.String(),
    source: Type.String({
      enum: ['environment', 'database', 'default'],
      description: 'environment: CANOPY_SITES sets it and wins over what is stored here',
    }),
  },
  { additionalProperties: false },
);

export const SiteView = Type.Object(
  {
    site_id: Type.String(),
    site_name: Type.String(),
    created_date: Type.String(),
    root: Nullable(
      Type.Object(
        {
          content_id: Type.String(),
          content_name: Type.String(),
          page_url: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    item_count: Type.Integer(),
    is_default: Type.Boolean({ description: 'Served on any host name when a target names none' }),
    targets: Type.Object(
      { delivery: TargetView, preview: TargetView },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const TargetInput = Type.Object(
  {
    hosts: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 20 }),
    base_path: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

const TargetsInput = Type.Object(
  { delivery: Type.Optional(TargetInput), preview: Type.Optional(TargetInput) },
  { additionalProperties: false },
);

export const NewSiteBody = Type.Object(
  {
    site_name: Type.String({ minLength: 1, maxLength: 100 }),
    root_content_id: Type.Optional(
      Type.String({ description: 'An existing page outside every site, to be the home item' }),
    ),
    home: Type.Optional(
      Type.Object(
        {
          template_id: Type.String({ description: 'A page template' }),
          content_name: Type.Optional(Type.String({ maxLength: 100 })),
        },
        { additionalProperties: false, description: 'Or a new home page made from a template' },
      ),
    ),
    targets: Type.Optional(TargetsInput),
  },
  { additionalProperties: false },
);

export const SiteChangesBody = Type.Object(
  {
    site_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    targets: Type.Optional(TargetsInput),
  },
  { additionalProperties: false },
);

export const SiteUsage = Type.Object(
  {
    site_id: Type.String(),
    site_name: Type.String(),
    blocked_by: Nullable(Type.String({ description: 'Why it cannot be deleted now' })),
    removes: Type.Object(
      {
        home: Nullable(
          Type.Object(
            { content_id: Type.String(), content_name: Type.String(), versions: Type.Integer() },
            { additionalProperties: false },
          ),
        ),
        builds: Type.Integer(),
        releases: Type.Integer(),
        microapps: Type.Array(Type.String()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const SiteParams = Type.Object({ site_id: Type.String() }, { additionalProperties: false });

export const SiteListQuery = Type.Object(pageProperties(SITE_SORTS), {
  additionalProperties: false,
});
