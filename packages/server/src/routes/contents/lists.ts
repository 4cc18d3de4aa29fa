/** Content lists (§7 Content): drafts by site, locked content, by type, children, references. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../plugins/auth';
import {
  listByType,
  listChildren,
  listDrafts,
  listLocked,
  listReferences,
} from '../../operations/contents/list-contents';
import {
  ChildList,
  ContentIdParams,
  ContentSummaryList,
  DraftList,
  LockedQuery,
  SiteQuery,
  TypeParams,
} from './schemas';

export const contentListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Content lists'];
  app.get(
    '/contents/drafts',
    {
      schema: {
        tags,
        summary: 'Content of a site that has a draft',
        querystring: SiteQuery,
        response: { 200: DraftList },
      },
    },
    (request) => listDrafts(db, actorOf(request), request.query.site_id),
  );
  app.get(
    '/contents/locked',
    {
      schema: {
        tags,
        summary: 'Locked content (optionally by one user)',
        querystring: LockedQuery,
        response: { 200: ContentSummaryList },
      },
    },
    (request) => listLocked(db, actorOf(request), request.query.locked_by),
  );
  app.get(
    '/contents/list/:type',
    {
      schema: {
        tags,
        summary: 'Content of one content type',
        params: TypeParams,
        response: { 200: ContentSummaryList },
      },
    },
    (request) => listByType(db, actorOf(request), request.params.type),
  );
  app.get(
    '/contents/:id/children',
    {
      schema: {
        tags,
        summary: "An item's child references",
        params: ContentIdParams,
        response: { 200: ChildList },
      },
    },
    (request) => listChildren(db, actorOf(request), request.params.id),
  );
  app.get(
    '/contents/:id/references',
    {
      schema: {
        tags,
        summary: 'Items that refer to this one',
        params: ContentIdParams,
        response: { 200: ContentSummaryList },
      },
    },
    (request) => listReferences(db, actorOf(request), request.params.id),
  );
};
