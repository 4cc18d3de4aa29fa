/** Schemas of the identity, user, role and permission routes. */
import { Type } from 'typebox';

export const PersonInfo = Type.Object(
  {
    sub: Type.Union([Type.String(), Type.Null()], {
      description: 'The user id (null for API keys)',
    }),
    name: Type.String(),
    preferred_username: Type.String(),
    given_name: Type.String(),
    family_name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    roles: Type.Array(Type.String(), { description: 'Role ids (personal roles left out)' }),
    is_admin: Type.Integer({ enum: [0, 1] }),
    kind: Type.String({ enum: ['user', 'apikey', 'system', 'public'] }),
  },
  { additionalProperties: false },
);

export const SignInConfig = Type.Object(
  {
    mode: Type.String({
      enum: ['embedded', 'external', 'gateway'],
      description:
        'embedded: Canopy signs people in; external: OIDC_ISSUER does; gateway: a proxy does',
    }),
    authority: Type.Union([Type.String(), Type.Null()], {
      description: 'The OpenID issuer to sign in with',
    }),
    client_id: Type.Union([Type.String(), Type.Null()]),
    scope: Type.String(),
    api_key_header: Type.String(),
  },
  { additionalProperties: false },
);

export const User = Type.Object(
  {
    user_id: Type.String(),
    username: Type.String(),
    given_name: Type.String(),
    family_name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    disabled: Type.Integer({ enum: [0, 1] }),
    roles: Type.Array(Type.String()),
    created_date: Type.String(),
    updated_date: Type.String(),
    last_sign_in_date: Type.Union([Type.String(), Type.Null()], {
      description: 'The last sign-in, to the minute; null: never',
    }),
    issuer: Type.Union([Type.String(), Type.Null()], {
      description: "The external issuer the user signs in with; null: Canopy's own sign-in",
    }),
  },
  { additionalProperties: false },
);

export const NewUserBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    given_name: Type.Optional(Type.String({ maxLength: 200 })),
    family_name: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.Union([Type.String({ format: 'email' }), Type.Null()])),
    roles: Type.Array(Type.String(), { default: [] }),
  },
  { additionalProperties: false },
);

export const UserChangesBody = Type.Object(
  {
    given_name: Type.Optional(Type.String({ maxLength: 200 })),
    family_name: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.Union([Type.String({ format: 'email' }), Type.Null()])),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    disabled: Type.Optional(Type.Integer({ enum: [0, 1] })),
  },
  { additionalProperties: false },
);

export const UserRolesBody = Type.Object(
  { roles: Type.Array(Type.String()) },
  { additionalProperties: false },
);

export const UserParams = Type.Object({ user_id: Type.String() }, { additionalProperties: false });

export const Role = Type.Object(
  {
    role_id: Type.String(),
    role_name: Type.String(),
    role_rank: Type.Integer(),
    is_admin: Type.Integer({ enum: [0, 1] }),
    is_personal: Type.Integer({ enum: [0, 1] }),
    member_count: Type.Integer({ description: 'How many users hold the role' }),
  },
  { additionalProperties: false },
);

export const NewRoleBody = Type.Object(
  {
    role_id: Type.String({ minLength: 1, maxLength: 63 }),
    role_name: Type.String({ minLength: 1, maxLength: 100 }),
    role_rank: Type.Integer({ minimum: 0, maximum: 99 }),
  },
  { additionalProperties: false },
);

export const RoleChangesBody = Type.Object(
  {
    role_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    role_rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  },
  { additionalProperties: false },
);

export const RoleParams = Type.Object({ role_id: Type.String() }, { additionalProperties: false });

const PermissionName = ['Edit', 'Create', 'Delete', 'Read'];

export const PermissionDefinition = Type.Object(
  { permission_id: Type.String(), permission_name: Type.String() },
  { additionalProperties: false },
);

const Flag = Type.Object(
  { permission: Type.Integer({ enum: [0, 1] }) },
  { additionalProperties: false },
);

export const PermissionFlags = Type.Object(
  {
    Edit: Type.Optional(Flag),
    Create: Type.Optional(Flag),
    Delete: Type.Optional(Flag),
    Read: Type.Optional(Flag),
  },
  { additionalProperties: false },
);

/** Permission data (§3): content id -> permission id -> { permission }. */
export const PermissionData = Type.Record(Type.String(), PermissionFlags, {
  description: 'Keyed by content id, then permission id (Edit, Create, Delete, Read)',
});

const ChangeFlag = Type.Object(
  {
    permission: Type.Union([Type.Integer({ enum: [0, 1] }), Type.Null()], {
      description: '1 grants, 0 refuses, null clears the setting (the item inherits again)',
    }),
  },
  { additionalProperties: false },
);

export const PermissionChangesBody = Type.Record(
  Type.String(),
  Type.Object(
    {
      Edit: Type.Optional(ChangeFlag),
      Create: Type.Optional(ChangeFlag),
      Delete: Type.Optional(ChangeFlag),
      Read: Type.Optional(ChangeFlag),
    },
    { additionalProperties: false },
  ),
  {
    description:
      'Keyed by content id, then permission id; items and permissions left out stay as they are',
  },
);

export const RoleOnContent = Type.Object(
  {
    role_id: Type.String(),
    role_name: Type.String(),
    role_rank: Type.Integer(),
    is_admin: Type.Integer({ enum: [0, 1] }),
    is_personal: Type.Integer({ enum: [0, 1] }),
    permissions: Type.Array(Type.String({ enum: PermissionName }), {
      description: 'What the role holds on the item, inherited or set on it',
    }),
    settings: PermissionFlags,
  },
  { additionalProperties: false },
);

export const ItemParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
