/** Schemas of the micro-app API (§7 Micro-app API) and of the registry's administration. */
import { Type, type TSchema } from 'typebox';
import { Uuid } from '../../schemas/common';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
const MicroappId = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]{0,62}$',
  description: 'lower-case letters, digits and hyphens, at most 63',
});
const Runtime = Type.Union([Type.Literal('module'), Type.Literal('frame')], {
  description: "'module': a JavaScript module defining a custom element; 'frame': a page to frame",
});
// Setting names are checked by the operation (core's settingNameProblem), which says what is wrong.
const Configuration = Type.Record(Type.String(), Type.String({ maxLength: 4000 }), {
  maxProperties: 50,
  description:
    "The instance's settings, given to the element as attributes (name: text); names are lower case, never on... or the element's own (class, style, id...)",
});

export const MicroappVersion = Type.Object(
  {
    version: Text(100, 1),
    runtime: Runtime,
    module_url: Type.Optional(Nullable(Text(2000))),
    element_name: Type.Optional(Nullable(Text(100))),
    frame_url: Type.Optional(Nullable(Text(2000))),
    frame_height: Type.Optional(Nullable(Type.Integer({ minimum: 50, maximum: 5000 }))),
  },
  { additionalProperties: false },
);

export const ClientApi = Type.Object(
  {
    name: Text(200, 1),
    url: Text(2000, 1),
    method: Type.Optional(
      Type.String({
        pattern:
          '^([Gg][Ee][Tt]|[Pp][Oo][Ss][Tt]|[Pp][Uu][Tt]|[Pp][Aa][Tt][Cc][Hh]|[Dd][Ee][Ll][Ee][Tt][Ee])$',
        description: 'GET (default), POST, PUT, PATCH or DELETE',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Instance = Type.Object({
  instance_id: Uuid,
  microapp_id: Type.String(),
  name: Type.String({ description: "The micro-app's name" }),
  instance_name: Type.String(),
  instance_version: Type.String(),
  unique_name: Type.String(),
  ad_groups_modify: Type.String(),
  status: Type.Integer(),
  configuration: Type.Record(Type.String(), Type.String()),
  created_by: Type.String(),
  created_date: Type.String(),
});

export const Microapp = Type.Object({
  microapp_id: Type.String(),
  site_id: Uuid,
  site_name: Type.String(),
  name: Type.String(),
  description: Type.String(),
  versions: Type.Array(
    Type.Object({
      version: Type.String(),
      runtime: Runtime,
      module_url: Nullable(Type.String()),
      element_name: Nullable(Type.String()),
      frame_url: Nullable(Type.String()),
      frame_height: Nullable(Type.Integer()),
    }),
  ),
  registeredclientapis: Type.Array(
    Type.Object({ name: Type.String(), url: Type.String(), method: Type.String() }),
  ),
  instances: Type.Array(Instance),
});

export const NewMicroappBody = Type.Object(
  {
    microapp_id: MicroappId,
    site_id: Uuid,
    name: Text(200, 1),
    description: Type.Optional(Text(2000)),
    versions: Type.Array(MicroappVersion, { minItems: 1, maxItems: 100 }),
    registeredclientapis: Type.Optional(Type.Array(ClientApi, { maxItems: 100 })),
  },
  { additionalProperties: false },
);

export const MicroappChangesBody = Type.Object(
  {
    name: Type.Optional(Text(200, 1)),
    description: Type.Optional(Text(2000)),
    versions: Type.Optional(Type.Array(MicroappVersion, { minItems: 1, maxItems: 100 })),
    registeredclientapis: Type.Optional(Type.Array(ClientApi, { maxItems: 100 })),
  },
  { additionalProperties: false },
);

/**
 * A new instance. `name`, `instance_id`, `ad_groups_modify` and `status` may be sent (clients
 * post the §3 shape) but are decided by the server: new instances get 'PORTAL-EDITOR' and 0.
 */
export const NewInstanceBody = Type.Object(
  {
    microapp_id: MicroappId,
    instance_name: Text(200, 1),
    instance_version: Type.Optional(Text(100)),
    unique_name: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,119}$' })),
    configuration: Type.Optional(Configuration),
    name: Type.Optional(Text(200)),
    instance_id: Type.Optional(Text(100)),
    ad_groups_modify: Type.Optional(Text(200)),
    status: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);

/** Changes to an instance: its name, the version it runs, its whole configuration. */
export const InstanceChangesBody = Type.Object(
  {
    instance_name: Type.Optional(Text(200, 1)),
    instance_version: Type.Optional(Text(100, 1)),
    configuration: Type.Optional(Configuration),
  },
  { additionalProperties: false },
);

export const SiteNameParams = Type.Object(
  { siteName: Text(200, 1) },
  { additionalProperties: false },
);
export const MicroappParams = Type.Object(
  { microapp_id: MicroappId },
  { additionalProperties: false },
);
export const InstanceParams = Type.Object(
  { microapp_id: MicroappId, instance_id: Uuid },
  { additionalProperties: false },
);
export const MicroappApiConfig = Type.Object({
  api_base: Type.String({
    description: 'Where the admin sends micro-app calls (with credentials)',
  }),
});
