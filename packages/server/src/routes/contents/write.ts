/** Content writes (§7 Content): create, save/status/reorder, drafts, delete, locks, updated info. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../plugins/auth';
import { fail } from '../../errors';
import { createContent } from '../../operations/contents/create-content';
import { saveContent } from '../../operations/contents/save-content';
import { createDraft } from '../../operations/contents/create-draft';
import { deleteDraft } from '../../operations/contents/delete-draft';
import { deleteContent } from '../../operations/contents/delete-content';
import { lockContent, unlockContent } from '../../operations/contents/lock';
import { touchContent } from '../../operations/contents/updated-info';
import {
  ContentIdParams,
  CreateContentBody,
  ContentReply,
  CreateDraftBody,
  DeletedDraftReply,
  DeletedReply,
  DraftFromVersionBody,
  LockReply,
  OptionalVersionQuery,
  SavedReply,
  SaveContentBody,
  TouchedReply,
  UnlockQuery,
  VersionQuery,
} from './schemas';

export const contentWriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage } = app.canopy;
  const ctx = (request: Parameters<typeof actorOf>[0]) => ({
    db,
    storage,
    actor: actorOf(request),
  });
  const tags = ['Content'];

  app.post(
    '/contents',
    {
      schema: {
        tags,
        summary: 'Add Item: create content under a parent',
        body: CreateContentBody,
        response: { 201: ContentReply },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createContent(ctx(request), request.body);
    },
  );
  app.put(
    '/contents/:id',
    {
      schema: {
        tags,
        summary:
          'Save (every changed field, zone, block and block field at once), update status, or reorder',
        params: ContentIdParams,
        body: SaveContentBody,
        response: { 200: SavedReply },
      },
    },
    (request) => saveContent(ctx(request), request.params.id, request.body),
  );
  app.delete(
    '/contents/:id',
    {
      schema: {
        tags,
        summary: 'Delete a content item and all its versions',
        params: ContentIdParams,
        response: { 200: DeletedReply },
      },
    },
    (request) => deleteContent(ctx(request), request.params.id),
  );
  app.post(
    '/contents/draft',
    {
      schema: {
        tags,
        summary: 'Create a draft copied from a version (default 1)',
        body: CreateDraftBody,
        response: { 201: ContentReply },
      },
    },
    async (request, reply) => {
      reply.status(201);
      const { content_id, copied_from, is_locked } = request.body;
      return createDraft(ctx(request), { content_id, version: copied_from ?? 1, is_locked });
    },
  );
  app.post(
    '/contents/draftfromversion',
    {
      schema: {
        tags,
        summary: 'Create a draft from a version (Lock on published content)',
        body: DraftFromVersionBody,
        response: { 201: ContentReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.body.sub !== undefined && request.body.sub !== actor.userId) {
        fail('FORBIDDEN', 'The sub in the body must be the signed-in user');
      }
      reply.status(201);
      return createDraft({ db, actor }, request.body);
    },
  );
  app.delete(
    '/contents/draft/:id',
    {
      schema: {
        tags,
        summary: 'Delete Draft (never version 1)',
        params: ContentIdParams,
        querystring: OptionalVersionQuery,
        response: { 200: DeletedDraftReply },
      },
    },
    (request) => deleteDraft(ctx(request), request.params.id, request.query.version),
  );
  app.put(
    '/lockcontents/:id',
    {
      schema: {
        tags: ['Locks'],
        summary: 'Lock content for the caller',
        params: ContentIdParams,
        response: { 200: LockReply },
      },
      config: { changes: 'lock' },
    },
    (request) => lockContent(ctx(request), request.params.id),
  );
  app.put(
    '/unlockcontents/:id',
    {
      schema: {
        tags: ['Locks'],
        summary: "Unlock (the owner; an administrator with force=true releases anyone's lock)",
        params: ContentIdParams,
        querystring: UnlockQuery,
        response: { 200: LockReply },
      },
      config: { changes: 'lock' },
    },
    (request) => unlockContent(ctx(request), request.params.id, request.query.force ?? false),
  );
  app.put(
    '/content/updatedinfo/:id',
    {
      schema: {
        tags,
        summary: "Stamp a version's updated date and person",
        params: ContentIdParams,
        querystring: VersionQuery,
        response: { 200: TouchedReply },
      },
    },
    (request) => touchContent(ctx(request), request.params.id, request.query.version),
  );
};
