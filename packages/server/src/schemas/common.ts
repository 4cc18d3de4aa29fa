/** Schema pieces every resource uses. */
import { Type } from 'typebox';

export const Uuid = Type.String({ format: 'uuid', description: 'A UUID' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const VersionNumber = Type.Integer({ minimum: 1 });

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
