/** GET /api/audit (list.ts). The record has no route that changes or deletes it. */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../plugins/auth';
import { Uuid } from '../../schemas/common';
import { AUDIT_ACTIONS } from '../../audit/record';
import { AUDIT_PAGE, AUDIT_PAGE_MAX, listAudit } from '../../audit/list';

const AuditQuery = Type.Object(
  {
    content_id: Type.Optional(Uuid),
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action)))),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date and time' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'ISO date and time' })),
    cursor: Type.Optional(Type.String({ maxLength: 100, description: 'next_cursor of a page' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, description: `default ${AUDIT_PAGE}` }),
    ),
  },
  { additionalProperties: false },
);

const Entry = Type.Object({
  audit_id: Type.String(),
  audit_date: Type.String(),
  actor_kind: Type.String(),
  actor: Type.String(),
  actor_name: Type.String(),
  action: Type.String(),
  content_id: Type.Union([Type.String(), Type.Null()]),
  content_name: Type.Union([Type.String(), Type.Null()]),
  item_type: Type.Union([Type.Literal('content'), Type.Literal('template'), Type.Null()], {
    description: 'Which tree the item is in; null once it is deleted',
  }),
  version: Type.Union([Type.Integer(), Type.Null()]),
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  app.get(
    '/audit',
    {
      schema: {
        tags: ['Audit'],
        summary:
          'The record of every write, newest first: filter by item, user, action and time; page with cursor',
        querystring: AuditQuery,
        response: {
          200: Type.Object({
            entries: Type.Array(Entry),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    (request) => listAudit(db, actorOf(request), request.query),
  );
};
