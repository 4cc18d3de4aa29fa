/**
 * Request the lock and hand it over (operations/contents/lock-request.ts):
 * POST /api/lockcontents/{id}/request asks the holder, GET reads the open request, PUT answers it.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../plugins/auth';
import { ContentIdParams } from '../routes/contents/schemas';
import {
  answerLockRequest,
  readLockRequest,
  requestLock,
} from '../operations/contents/lock-request';

const LockRequestReply = Type.Object({
  content_id: Type.String(),
  from: Type.String(),
  from_name: Type.String(),
  holder: Type.String(),
  requested_date: Type.String(),
});
const AnswerBody = Type.Object(
  { answer: Type.Union([Type.Literal('handover'), Type.Literal('decline')]) },
  { additionalProperties: false },
);

export const lockRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const { requests } = app.live;
  const tags = ['Locks'];

  app.post(
    '/lockcontents/:id/request',
    {
      schema: {
        tags,
        summary: 'Request the lock: asks its holder to hand it over (answered live)',
        params: ContentIdParams,
        response: { 202: LockRequestReply },
      },
      config: { changes: 'nothing' },
    },
    async (request, reply) => {
      reply.status(202);
      return requestLock(db, actorOf(request), requests, request.params.id);
    },
  );
  app.get(
    '/lockcontents/:id/request',
    {
      schema: {
        tags,
        summary: 'The open request for the lock, if any (null)',
        params: ContentIdParams,
        response: { 200: Type.Union([LockRequestReply, Type.Null()]) },
      },
    },
    (request) => readLockRequest(db, actorOf(request), requests, request.params.id),
  );
  app.put(
    '/lockcontents/:id/request',
    {
      schema: {
        tags,
        summary: "The holder's answer: hand over the lock to the one who asked, or decline",
        params: ContentIdParams,
        body: AnswerBody,
        response: { 200: LockRequestReply },
      },
      config: { changes: 'lock' },
    },
    (request) =>
      answerLockRequest(db, actorOf(request), requests, request.params.id, request.body.answer),
  );
};
