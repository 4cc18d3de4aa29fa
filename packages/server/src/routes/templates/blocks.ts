/** Template block routes (§7 Templates): create, update, delete. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { createBlock } from '../../operations/templates/create-block';
import { deleteBlock } from '../../operations/templates/delete-block';
import { updateBlock } from '../../operations/templates/update-block';
import {
  BlockIdParams,
  BlockReply,
  CreateBlockBody,
  DeletedBlockReply,
  IdParams,
  UpdateBlockBody,
} from './schemas';

export const templateBlockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const ctx = (request: FastifyRequest) => ({ db, actor: actorOf(request) });
  const tags = ['Template blocks'];

  app.post(
    '/templateblocks/',
    {
      schema: {
        tags,
        summary: 'Add a block to a template (needs Edit on the template)',
        body: CreateBlockBody,
        response: { 201: BlockReply },
      },
    },
    async (request, reply) => {
      const block = await createBlock(ctx(request), request.body);
      return reply.status(201).send(block);
    },
  );
  app.put(
    '/templateblocks/:block_id',
    {
      schema: {
        tags,
        summary: 'Rename or reorder a block',
        params: BlockIdParams,
        body: UpdateBlockBody,
        response: { 200: BlockReply },
      },
    },
    (request) => updateBlock(ctx(request), request.params.block_id, request.body),
  );
  app.delete(
    '/templateblocks/:id',
    {
      schema: {
        tags,
        summary: 'Remove a block and its fields from its template',
        params: IdParams,
        response: { 200: DeletedBlockReply },
      },
    },
    (request) => deleteBlock(ctx(request), request.params.id),
  );
};
