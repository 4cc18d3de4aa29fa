/** Schema pieces every resource uses. */
import { Type, type TNumberOptions, type TSchema, type TStringOptions } from 'typebox';

/**
 * What both databases can store. PostgreSQL refuses the NUL character in text and integers
 * beyond 32 bits in its `integer` columns; SQLite takes both. Every string and integer of a
 * request is held to these (the building blocks below carry them, and `plugins/validation.ts`
 * adds them to any schema that does not), so a request both databases cannot store is a 400.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

/** Text without the NUL character. */
export const Text = (options: TStringOptions = {}) =>
  Type.String({ pattern: NO_NUL_PATTERN, ...options });
/** A whole number a 32-bit `integer` column holds. */
export const Int = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: INT_MIN, maximum: INT_MAX, ...options });

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A yes/no value: 0 or 1 (core's Flag). */
export const Flag = Type.Enum([0, 1], { description: '0 or 1' });

export const Uuid = Type.String({ format: 'uuid', description: 'A UUID' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const VersionNumber = Int({ minimum: 1 });

export const ChangeStatus = Type.Object(
  {
    create: Type.Optional(Type.Boolean()),
    edited: Type.Optional(Type.Boolean()),
    delete: Type.Optional(Type.Boolean()),
    errorFields: Type.Optional(Type.Array(Type.String())),
  },
  {
    additionalProperties: false,
    description: 'What to do with the item: create, edited or delete (default: edited)',
  },
);

export const ErrorReply = Type.Object(
  { code: Type.String(), message: Type.String() },
  { additionalProperties: true },
);

export const StatusReply = Type.Object(
  { status: Type.Union([Type.Literal('Success'), Type.Literal('Failure')]) },
  { additionalProperties: true },
);
