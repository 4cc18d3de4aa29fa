/** The menu tree and sites (§7 Menus, references, sites). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { acceptsGzip, gzipOf } from '../../cache/compressed';
import { getMenusJson } from '../../operations/menus/get-menus';
import { getMenuSubtree } from '../../operations/menus/get-menu-subtree';
import { getSite, listSites } from '../../operations/sites/read-sites';
import { IdParams } from '../../schemas/common';
import { sendJsonBytes } from '../json-bytes';
import { MenuItemRef, MenuItemReply, MenuTree, SiteDetailReply, SiteListReply } from './schemas';

const LevelQuery = Type.Object(
  {
    level: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100,
        description: 'How many levels of children to include (default 1)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  app.addSchema(MenuItemReply);
  app.get(
    '/menus',
    {
      schema: {
        tags: ['Menus'],
        summary: 'The whole menu tree the caller may read',
        response: { 200: MenuTree },
      },
    },
    async (request, reply) => {
      const { body, release } = await getMenusJson(db, app.canopy.readCache, actorOf(request));
      reply.raw.once('close', release);
      // The reply varies by encoding too (besides Origin, set for every API reply).
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      // The tree is large (5.6 MB for 10,000 items): in gzip once it is made, for those who take it.
      const compressed = acceptsGzip(request.headers['accept-encoding']) ? gzipOf(body) : undefined;
      if (compressed) return sendJsonBytes(reply.header('content-encoding', 'gzip'), compressed);
      return sendJsonBytes(reply, body);
    },
  );
  app.get(
    '/menus/contents/:id',
    {
      schema: {
        tags: ['Menus'],
        summary: 'An item and its children',
        params: IdParams,
        querystring: LevelQuery,
        response: { 200: MenuItemRef },
      },
    },
    (request) =>
      getMenuSubtree(db, actorOf(request), request.params.id, request.query.level ?? 1, 'latest'),
  );
  app.get(
    '/menus/contents/latestpublishable/:id',
    {
      schema: {
        tags: ['Menus'],
        summary: 'An item and its children, latest publishable variant',
        params: IdParams,
        querystring: LevelQuery,
        response: { 200: MenuItemRef },
      },
    },
    (request) =>
      getMenuSubtree(
        db,
        actorOf(request),
        request.params.id,
        request.query.level ?? 1,
        'latestpublishable',
      ),
  );
  app.get(
    '/contents/sites',
    { schema: { tags: ['Sites'], summary: 'The sites', response: { 200: SiteListReply } } },
    (request) => listSites(db, actorOf(request)),
  );
  app.get(
    '/contents/sites/:id',
    {
      schema: {
        tags: ['Sites'],
        summary: 'A site and its view data',
        params: IdParams,
        response: { 200: SiteDetailReply },
      },
    },
    (request) => getSite(db, actorOf(request), request.params.id),
  );
};
