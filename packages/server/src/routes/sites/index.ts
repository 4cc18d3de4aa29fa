/**
 * Sites in the admin (administrators): list paged and sorted, create, rename and set where each
 * target is served (served at once, no restart), and delete one nothing else refers to.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import {
  createSite,
  listSiteViews,
  readSiteView,
  updateSite,
} from '../../operations/sites/manage-sites';
import { deleteSite, siteUsage } from '../../operations/sites/delete-site';
import { refreshStoredTargets } from '../../operations/sites/site-targets';
import { requireAdministrator } from '../../operations/users/guards';
import {
  NewSiteBody,
  SiteChangesBody,
  SiteListQuery,
  SiteParams,
  SiteUsage,
  SiteView,
} from './schemas';

export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.canopy;
  const publishing = config.publishing;
  const tags = ['Sites'];
  app.addHook('onReady', () => refreshStoredTargets(db, publishing));

  app.get(
    '/sites',
    {
      schema: {
        tags,
        summary: 'The sites with home item and targets, paged and sorted (X-Total-Count: all rows)',
        querystring: SiteListQuery,
        response: { 200: Type.Array(SiteView) },
      },
    },
    async (request, reply) => {
      const page = await listSiteViews(db, actorOf(request), publishing, request.query);
      return reply.header('x-total-count', String(page.total)).send(page.rows);
    },
  );

  app.post(
    '/sites',
    {
      schema: {
        tags,
        summary: 'Create a site on an existing page or a new home page from a template',
        body: NewSiteBody,
        response: { 201: SiteView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSite(db, actorOf(request), publishing, request.body)),
  );

  app.get(
    '/sites/:site_id',
    { schema: { tags, summary: 'One site', params: SiteParams, response: { 200: SiteView } } },
    (request) => {
      requireAdministrator(actorOf(request), 'manage sites');
      return readSiteView(db, publishing, request.params.site_id);
    },
  );

  app.put(
    '/sites/:site_id',
    {
      schema: {
        tags,
        summary: "Rename a site or set its targets' host names and base paths",
        params: SiteParams,
        body: SiteChangesBody,
        response: { 200: SiteView },
      },
    },
    (request) => updateSite(db, actorOf(request), publishing, request.params.site_id, request.body),
  );

  app.get(
    '/sites/:site_id/usage',
    {
      schema: {
        tags,
        summary: 'What deleting the site would remove, and what stops it',
        params: SiteParams,
        response: { 200: SiteUsage },
      },
    },
    (request) => siteUsage(db, actorOf(request), publishing, request.params.site_id),
  );

  app.delete(
    '/sites/:site_id',
    {
      schema: {
        tags,
        summary: 'Delete a site nothing refers to, with its home item, builds and targets',
        params: SiteParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await deleteSite(db, actorOf(request), publishing, request.params.site_id);
      return reply.status(204).send(null);
    },
  );
};
