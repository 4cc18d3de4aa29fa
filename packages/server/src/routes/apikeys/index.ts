/** API keys for server-side callers (administrators): list, create (key shown once), revoke. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { createApiKey } from '../../operations/apikeys/create-api-key';
import { API_KEY_SORTS, listApiKeysPage } from '../../operations/apikeys/list-api-keys';
import { pageProperties } from '../../operations/paging';
import { revokeApiKey } from '../../operations/apikeys/revoke-api-key';

const ApiKey = Type.Object(
  {
    key_id: Type.String(),
    name: Type.String(),
    key_prefix: Type.String({ description: 'The first characters of the key, to recognise it' }),
    scope: Type.String({ enum: ['published', 'role'] }),
    role_id: Type.Union([Type.String(), Type.Null()]),
    created_by: Type.String(),
    created_date: Type.String(),
    revoked_date: Type.Union([Type.String(), Type.Null()]),
    expires_date: Type.Union([Type.String(), Type.Null()], {
      description: 'After this the key is refused; null: never expires',
    }),
    last_used_date: Type.Union([Type.String(), Type.Null()], {
      description: 'The last request the key made (to the minute); null: never used',
    }),
  },
  { additionalProperties: false },
);

const CreatedApiKey = Type.Object(
  {
    key_id: Type.String(),
    name: Type.String(),
    key: Type.String({ description: 'The key itself: shown this once, send it as x-api-key' }),
    key_prefix: Type.String(),
    scope: Type.String({ enum: ['published', 'role'] }),
    role_id: Type.Union([Type.String(), Type.Null()]),
    created_date: Type.String(),
    expires_date: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

const NewApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.String({
      enum: ['published', 'role'],
      description: 'published: reads published content only; role: acts with role_id',
    }),
    role_id: Type.Optional(Type.String()),
    expires_date: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'An ISO date and time in the future after which the key is refused',
      }),
    ),
  },
  { additionalProperties: false },
);

export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['API keys'];

  app.get(
    '/apikeys',
    {
      schema: {
        tags,
        summary:
          'The API keys (never the keys themselves), usable first unless sorted; paged when asked (X-Total-Count: all matching rows)',
        querystring: Type.Object(pageProperties(API_KEY_SORTS), { additionalProperties: false }),
        response: { 200: Type.Array(ApiKey) },
      },
    },
    async (request, reply) => {
      const page = await listApiKeysPage(db, actorOf(request), request.query);
      return reply.header('x-total-count', String(page.total)).send(page.rows);
    },
  );

  app.post(
    '/apikeys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the reply shows the key once',
        body: NewApiKeyBody,
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) => {
      const { name, scope, role_id, expires_date } = request.body;
      const created = await createApiKey(db, actorOf(request), {
        name,
        scope: scope as 'published' | 'role',
        roleId: role_id,
        expiresDate: expires_date,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/apikeys/:key_id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once',
        params: Type.Object({ key_id: Type.String() }, { additionalProperties: false }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, actorOf(request), request.params.key_id);
      return reply.status(204).send(null);
    },
  );
};
