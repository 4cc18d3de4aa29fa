/** Content reads (§7 Content): by id, version, variant, and by site + Page URL for delivery. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../plugins/auth';
import { sendJsonBytes } from '../json-bytes';
import { readContentVersion } from '../../operations/contents/get-content';
import {
  listPageUrls,
  readPageByUrl,
  readPublishedPageJson,
} from '../../operations/contents/read-published';
import {
  ContentIdParams,
  ContentReply,
  ContentVersionParams,
  PageUrlsReply,
  SiteQuery,
  SiteUrlQuery,
} from './schemas';

export const contentReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Content'];

  app.get(
    '/contents/:id',
    {
      schema: {
        tags,
        summary: 'The newest version of a content item',
        params: ContentIdParams,
        response: { 200: ContentReply },
      },
    },
    (request) => readContentVersion(db, actorOf(request), request.params.id, 'latest'),
  );
  app.get(
    '/latestpublishable/contents/:id',
    {
      schema: {
        tags,
        summary: 'The newest staged or published version',
        params: ContentIdParams,
        response: { 200: ContentReply },
      },
    },
    (request) => readContentVersion(db, actorOf(request), request.params.id, 'latestpublishable'),
  );
  app.get(
    '/contents/:id/:version',
    {
      schema: {
        tags,
        summary: 'One version of a content item',
        params: ContentVersionParams,
        response: { 200: ContentReply },
      },
    },
    (request) =>
      readContentVersion(db, actorOf(request), request.params.id, request.params.version),
  );
  app.get(
    '/contents',
    {
      schema: {
        tags,
        summary: 'The published page with a Page URL on a site',
        querystring: SiteUrlQuery,
        response: { 200: ContentReply },
      },
      config: { delivery: true },
    },
    // Not async: a page in the read cache is sent at once, without a promise.
    (request, reply) => {
      const { site_id, page_url } = request.query;
      const { readCache } = app.canopy;
      const body = readPublishedPageJson(db, readCache, actorOf(request), site_id, page_url);
      if (Buffer.isBuffer(body)) {
        sendJsonBytes(reply, body);
        return;
      }
      return body.then((bytes) => {
        sendJsonBytes(reply, bytes);
      });
    },
  );
  app.get(
    '/latestpublishable/contents',
    {
      schema: {
        tags,
        summary: 'The latest publishable page with a Page URL (preview)',
        querystring: SiteUrlQuery,
        response: { 200: ContentReply },
      },
    },
    (request) =>
      readPageByUrl(
        db,
        actorOf(request),
        request.query.site_id,
        request.query.page_url,
        'latestpublishable',
      ),
  );
  app.get(
    '/pageurls',
    {
      schema: {
        tags,
        summary: "A site's published page URLs",
        querystring: SiteQuery,
        response: { 200: PageUrlsReply },
      },
      config: { delivery: true },
    },
    (request) => listPageUrls(db, actorOf(request), request.query.site_id, 'published'),
  );
  app.get(
    '/latestpublishable/pageurls',
    {
      schema: {
        tags,
        summary: "A site's latest publishable page URLs",
        querystring: SiteQuery,
        response: { 200: PageUrlsReply },
      },
    },
    (request) => listPageUrls(db, actorOf(request), request.query.site_id, 'latestpublishable'),
  );
};
