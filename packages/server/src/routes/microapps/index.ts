/**
 * The micro-app API (§7) under its base, `/api/microapps/` on this server: a site's micro-apps
 * (`registeredclient`), their instances (`registeredclientapi`), and the registry's
 * administration.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { listSiteMicroapps } from '../../operations/microapps/list-site-microapps';
import { registerMicroapp } from '../../operations/microapps/register-microapp';
import { updateMicroapp } from '../../operations/microapps/update-microapp';
import { deleteMicroapp } from '../../operations/microapps/delete-microapp';
import { createInstance } from '../../operations/microapps/create-instance';
import { deleteInstance } from '../../operations/microapps/delete-instance';
import { updateInstance } from '../../operations/microapps/update-instance';
import {
  Instance,
  InstanceChangesBody,
  InstanceParams,
  Microapp,
  MicroappApiConfig,
  MicroappChangesBody,
  MicroappParams,
  NewInstanceBody,
  NewMicroappBody,
  SiteNameParams,
} from './schemas';

export const microappRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.canopy;
  const tags = ['Micro-apps'];
  const ctx = (request: Parameters<typeof actorOf>[0]) => ({ db, actor: actorOf(request) });

  app.get(
    '/microapps/config',
    {
      schema: {
        tags,
        summary: 'Where the micro-app API lives (the admin sends its calls there)',
        security: [],
        response: { 200: MicroappApiConfig },
      },
      config: { public: true },
    },
    async () => ({ api_base: config.microappApiBase }),
  );

  app.get(
    '/microapps/registeredclient/:siteName',
    {
      schema: {
        tags,
        summary: "A site's micro-apps (by site name) with their versions, APIs and instances",
        params: SiteNameParams,
        response: { 200: Type.Array(Microapp) },
      },
    },
    (request) => listSiteMicroapps(ctx(request), request.params.siteName),
  );

  app.post(
    '/microapps/registeredclientapi',
    {
      schema: {
        tags,
        summary: 'Create an instance (PORTAL-EDITOR or administrators)',
        description:
          "New instances get ad_groups_modify 'PORTAL-EDITOR' and status 0, whatever is sent.",
        body: NewInstanceBody,
        response: { 201: Instance },
      },
    },
    async (request, reply) => {
      const {
        name: _n,
        instance_id: _i,
        ad_groups_modify: _g,
        status: _s,
        ...input
      } = request.body;
      return reply.status(201).send(await createInstance(ctx(request), input));
    },
  );

  app.delete(
    '/microapps/registeredclientapi/:microapp_id/:instance_id',
    {
      schema: {
        tags,
        summary: 'Delete an instance: the micro-app id, then the instance id',
        params: InstanceParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { microapp_id, instance_id } = request.params;
      await deleteInstance(ctx(request), microapp_id, instance_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/microapps/registeredclientapi/:microapp_id/:instance_id',
    {
      schema: {
        tags,
        summary: "Change an instance's name, version or configuration",
        description:
          'The configuration sent replaces the whole configuration. Same rights as deleting.',
        params: InstanceParams,
        body: InstanceChangesBody,
        response: { 200: Instance },
      },
    },
    (request) => {
      const { microapp_id, instance_id } = request.params;
      return updateInstance(ctx(request), microapp_id, instance_id, request.body);
    },
  );

  app.post(
    '/microapps/registeredclient',
    {
      schema: {
        tags,
        summary: 'Register a micro-app for a site (administrators)',
        body: NewMicroappBody,
        response: { 201: Microapp },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerMicroapp(ctx(request), request.body)),
  );

  app.put(
    '/microapps/registeredclient/:microapp_id',
    {
      schema: {
        tags,
        summary: "Change a micro-app's name, description, versions or APIs (administrators)",
        params: MicroappParams,
        body: MicroappChangesBody,
        response: { 200: Microapp },
      },
    },
    (request) => updateMicroapp(ctx(request), request.params.microapp_id, request.body),
  );

  app.delete(
    '/microapps/registeredclient/:microapp_id',
    {
      schema: {
        tags,
        summary: 'Remove a micro-app that has no instances (administrators)',
        params: MicroappParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await deleteMicroapp(ctx(request), request.params.microapp_id);
      return reply.status(204).send(null);
    },
  );
};
