/** Template field routes (§7 Templates): create, update, delete a field definition. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { createField } from '../../operations/templates/create-field';
import { deleteField } from '../../operations/templates/delete-field';
import { updateField } from '../../operations/templates/update-field';
import {
  CreateFieldBody,
  DeletedFieldReply,
  FieldDefinitionReply,
  FieldIdParams,
  IdParams,
  UpdateFieldBody,
} from './schemas';

export const templateFieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const ctx = (request: FastifyRequest) => ({ db, actor: actorOf(request) });
  const tags = ['Template fields'];

  app.post(
    '/templatefields/',
    {
      schema: {
        tags,
        summary: 'Add a field definition to a template block (needs Edit on the template)',
        body: CreateFieldBody,
        response: { 201: FieldDefinitionReply },
      },
    },
    async (request, reply) => {
      const field = await createField(ctx(request), request.body);
      return reply.status(201).send(field);
    },
  );
  app.put(
    '/templatefields/:field_id',
    {
      schema: {
        tags,
        summary: 'Change a field definition (it may move to another block of the same template)',
        params: FieldIdParams,
        body: UpdateFieldBody,
        response: { 200: FieldDefinitionReply },
      },
    },
    (request) => updateField(ctx(request), request.params.field_id, request.body),
  );
  app.delete(
    '/templatefields/:id',
    {
      schema: {
        tags,
        summary: 'Remove a field definition',
        params: IdParams,
        response: { 200: DeletedFieldReply },
      },
    },
    (request) => deleteField(ctx(request), request.params.id),
  );
};
