/**
 * Replies of the publishing API (§7). Fastify writes a reply through its schema and leaves out
 * any property the schema does not name, so each one names everything the operation returns.
 */
import { Type, type TSchema } from 'typebox';
import { Uuid } from '../../schemas/common';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Mode = Type.Union([Type.Literal('preview'), Type.Literal('delivery')]);
const InstanceIds = Type.Array(Type.String(), {
  description: 'The micro-app instances the version places (ids)',
});

const Dependency = Type.Object(
  {
    kind: Type.Union([Type.Literal('content'), Type.Literal('microapp')]),
    id: Type.String({ description: 'A content id, or a micro-app instance id' }),
    name: Type.String(),
    content_type_id: Nullable(Type.String()),
    status: Type.Union(
      [Type.Literal('unpublished'), Type.Literal('scheduled'), Type.Literal('missing')],
      {
        description:
          'unpublished: only drafts; scheduled: its publish date lies ahead; missing: deleted',
      },
    ),
    publish_date: Nullable(Type.String({ description: "A scheduled item's publish date" })),
    version: Nullable(
      Type.Integer({ description: 'The version including it publishes (or brings forward)' }),
    ),
    needed_by: Type.Array(Type.Object({ content_id: Type.String(), content_name: Type.String() })),
    can_include: Type.Boolean({ description: 'Whether the caller may include it in the publish' }),
    reason: Nullable(Type.String({ description: 'Why it cannot be included' })),
  },
  {
    description:
      'Something a page delivery shows after the publish references that delivery would not show',
  },
);

export const PublishableItems = Type.Object({
  content: Type.Array(
    Type.Object({
      content_id: Type.String(),
      content_name: Type.String(),
      version: Type.Integer(),
      status_id: Type.String(),
      updated_date: Type.String(),
      updated_by: Nullable(Type.String()),
      microapp_instances: InstanceIds,
    }),
  ),
  templates: Type.Array(
    Type.Object({
      template_id: Type.String(),
      template_name: Type.String(),
      updated_date: Type.String(),
      updated_by: Nullable(Type.String()),
    }),
  ),
  last_published: Nullable(
    Type.Object({
      mode: Mode,
      date: Type.String(),
      released_by: Type.String(),
      build_id: Nullable(Type.String()),
    }),
  ),
  dependencies: Type.Array(Dependency, {
    description:
      'Delivery: what the pages delivery shows after the publish reference that it would not show (empty for preview)',
  }),
});

export const PublishResult = Type.Object({
  build_id: Uuid,
  release_id: Uuid,
  published: Type.Array(
    Type.Object({
      content_id: Type.String(),
      version: Type.Integer(),
      microapp_instances: InstanceIds,
    }),
    { description: 'What became published (delivery)' },
  ),
});

export const Release = Type.Object({
  release_id: Type.String(),
  site_id: Type.String(),
  mode: Mode,
  build_id: Nullable(Type.String()),
  released_by: Type.String(),
  released_date: Type.String(),
  items: Type.Object(
    {
      content: Type.Array(Type.Object({ content_id: Type.String(), version: Type.Integer() })),
      templates: Type.Array(Type.String(), { description: 'Template ids' }),
    },
    { description: 'What the release published' },
  ),
});

const TargetLink = Type.Object({
  url: Type.String({
    description: "Absolute on the target's first host name, else a path on this server",
  }),
  base_path: Type.String(),
  hosts: Type.Array(Type.String()),
});
export const SiteTargets = Type.Object({ delivery: TargetLink, preview: TargetLink });

export const ScheduledChange = Type.Object({
  content_id: Type.String(),
  content_name: Type.String(),
  page_url: Nullable(Type.String()),
  version: Type.Integer(),
  status_id: Type.String(),
  change: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
  date: Type.String({ description: 'UTC ISO text' }),
});

export const BuildStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);

export const Build = Type.Object({
  build_id: Type.String(),
  site_id: Type.String(),
  mode: Mode,
  build_definition_id: Type.String(),
  build_type: Type.String(),
  status: BuildStatus,
  release_id: Nullable(Type.String()),
  requested_by: Type.String(),
  queued_date: Type.String(),
  started_date: Nullable(Type.String()),
  finished_date: Nullable(Type.String()),
  pages_total: Type.Integer(),
  pages_done: Type.Integer(),
  pages_rendered: Type.Integer({
    description: 'Pages rendered by this build; the rest were carried over from the previous one',
  }),
  error: Nullable(Type.String()),
  duration_ms: Nullable(
    Type.Number({ description: 'Milliseconds from start to finish (or to now while running)' }),
  ),
});

// A page model as @canopy/site defines it (model.ts), every level named: a builder elsewhere
// renders from this reply, and Fastify writes only what the schema names. The schemas with an
// $id are shared (the publishing routes add them) and referred to by it: a menu entry's children
// are menu entries, a widget's are widgets, and each part is described once in /api/docs.
const LinkTarget = Type.Object(
  { url: Type.String(), name: Type.String() },
  { description: 'The page a Content Reference Picker field points at, on this target' },
);
const MicroappPlacement = Type.Object(
  {
    instanceId: Type.String(),
    name: Type.String({ description: "The instance's name (a frame's title)" }),
    runtime: Type.Union([Type.Literal('module'), Type.Literal('frame')]),
    moduleUrl: Nullable(Type.String({ description: 'A module defining elementName' })),
    elementName: Nullable(Type.String()),
    frameUrl: Nullable(Type.String()),
    frameHeight: Nullable(Type.Number()),
    configuration: Type.Record(Type.String(), Type.String(), {
      description: "The instance's settings, given to the element as attributes",
    }),
  },
  { description: 'How one micro-app instance runs on a page' },
);
export const SiteFieldValue = Type.Object(
  {
    value: Nullable(Type.String({ description: 'The stored value' })),
    link: Type.Optional(Nullable(LinkTarget)),
    media: Type.Optional(
      Nullable(Type.String({ description: "A Media Library Asset field: the file's address" })),
    ),
    microapps: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String(),
          placement: Nullable(MicroappPlacement),
        }),
        {
          description:
            'A Micro-app Reference Picker field: each instance it names (placement null: missing or deleted)',
        },
      ),
    ),
  },
  { $id: 'SiteFieldValue', description: 'One field as a component sees it' },
);
const Fields = Type.Record(Type.String(), Type.Ref('SiteFieldValue'), {
  description: 'By field name',
});

export const SiteMenuEntry = Type.Object(
  {
    name: Type.String(),
    url: Type.String(),
    children: Type.Array(Type.Ref('SiteMenuEntry')),
    hidden: Type.Optional(
      Type.Boolean({ description: "'Show In Navigation' is off: kept out of menus" }),
    ),
  },
  { $id: 'SiteMenuEntry', description: "An entry of the site's menu (the content tree)" },
);
export const SiteWidget = Type.Object(
  {
    id: Type.String(),
    layout: Nullable(
      Type.String({ description: "The widget template's file_layout: its component's key" }),
    ),
    templateName: Type.String(),
    fields: Fields,
    children: Type.Array(Type.Ref('SiteWidget'), {
      description: "A container's items' widgets",
    }),
  },
  { $id: 'SiteWidget', description: 'A widget placed in a dynamic zone' },
);

export const SitePageModel = Type.Object(
  {
    site: Type.Object({ id: Type.String(), name: Type.String(), basePath: Type.String() }),
    mode: Mode,
    url: Type.String(),
    contentId: Type.String(),
    name: Type.String(),
    layout: Nullable(Type.String({ description: "The page template's file_layout" })),
    fields: Fields,
    zones: Type.Record(Type.String(), Type.Array(Type.Ref('SiteWidget')), {
      description: 'Dynamic zones by field name',
    }),
    menu: Type.Array(Type.Ref('SiteMenuEntry')),
    footer: Nullable(
      Type.Object(
        { heading: Nullable(Type.String()), body: Nullable(Type.String()) },
        { description: 'The shared footer fragment' },
      ),
    ),
    preview: Type.Optional(Nullable(Type.Object({ label: Type.String(), exitUrl: Type.String() }))),
    stylesheet: Type.String(),
  },
  { $id: 'SitePageModel', description: 'What a page renders from (@canopy/site PageModel)' },
);

export const PageModels = Type.Object({
  site_id: Type.String(),
  mode: Mode,
  models: Type.Array(Type.Ref('SitePageModel'), {
    description: 'One per page URL asked for that is a page',
  }),
  missing: Type.Array(Type.String(), { description: 'Page URLs asked for that are no pages' }),
  not_found: Type.Optional(Type.Ref('SitePageModel')),
});
