/**
 * Publishing (§7): publishable items per mode, publish (releases), page models for builders
 * elsewhere, the static-site release endpoint (builds), builds by id and per site and target with
 * a live event stream, scheduled changes, and entering preview.
 */
import { eventStreamReply, startEventStream } from '../../events/sse';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { Uuid } from '../../schemas/common';
import {
  Build,
  Mode,
  PageModels,
  PublishableItems,
  PublishResult,
  Release,
  ScheduledChange,
  SiteFieldValue,
  SiteMenuEntry,
  SitePageModel,
  SiteTargets,
  SiteWidget,
} from './schemas';
import { listPublishable } from '../../operations/publishing/list-publishable';
import { publish } from '../../operations/publishing/publish';
import { getBuild, listBuilds, viewOf } from '../../operations/publishing/read-builds';
import { listScheduled } from '../../operations/publishing/list-scheduled';
import { PAGE_MODELS_BATCH, readPageModels } from '../../operations/publishing/read-page-models';
import { listReleases } from '../../operations/publishing/list-releases';
import { readTargets } from '../../operations/publishing/read-targets';
import { enterPreview, previewRedirect } from '../../operations/publishing/enter-preview';
import type { BuildRow } from '../../db/schema';
import { clearPreviewCookie } from '../../publishing/preview-cookie';
import { SnapshotMemo } from '../../publishing/snapshot-memo';

const strict = { additionalProperties: false } as const;
const PublishBody = Type.Object(
  {
    mode: Mode,
    site_id: Uuid,
    build_definition_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    build_type: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    include: Type.Optional(
      Type.Array(Uuid, {
        maxItems: 500,
        description:
          "Delivery: content ids of the publishable items' dependencies to publish with them",
      }),
    ),
  },
  strict,
);
const SiteModeQuery = Type.Object({ site_id: Uuid, mode: Mode }, strict);
const TERMINAL = new Set(['succeeded', 'failed']);

export const publishingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Publishing'];
  const ctx = (request: Parameters<typeof actorOf>[0]) => ({ db, actor: actorOf(request) });
  const settle = (rows: BuildRow[]) => app.publishing.settled(rows);
  // A remote build's batches of page models share one snapshot while nothing is written.
  const snapshots = new SnapshotMemo(() => app.canopy.readCache.generation());
  // A page model and its recursive parts, referred to by id.
  app.addSchema(SiteFieldValue);
  app.addSchema(SiteMenuEntry);
  app.addSchema(SiteWidget);
  app.addSchema(SitePageModel);

  app.get(
    '/releases/publishableitems/:id',
    {
      schema: {
        tags,
        summary: 'Content and templates changed since the last release to a mode (id: the site)',
        params: Type.Object({ id: Uuid }, strict),
        querystring: Type.Object({ mode: Mode }, strict),
        response: { 200: PublishableItems },
      },
    },
    (request) => listPublishable(ctx(request), request.params.id, request.query.mode),
  );
  app.get(
    '/releases/publishableitems',
    {
      schema: {
        tags,
        summary: 'Publishable items by site and mode',
        querystring: SiteModeQuery,
        response: { 200: PublishableItems },
      },
    },
    (request) => listPublishable(ctx(request), request.query.site_id, request.query.mode),
  );
  app.get(
    '/releases/pagemodels/:id',
    {
      schema: {
        tags,
        summary:
          "Page models of a site's target (id: the site) for page URLs from /pageurls (delivery) or /latestpublishable/pageurls (preview), and the not-found page's; API keys for published content read delivery",
        params: Type.Object({ id: Uuid }, strict),
        querystring: Type.Object(
          {
            mode: Mode,
            page_url: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
                maxItems: PAGE_MODELS_BATCH,
              }),
            ),
            not_found: Type.Optional(Type.Boolean()),
          },
          strict,
        ),
        response: { 200: PageModels },
      },
      config: { delivery: true },
    },
    (request) =>
      readPageModels(
        ctx(request),
        request.params.id,
        request.query.mode,
        { urls: request.query.page_url ?? [], notFound: request.query.not_found ?? false },
        snapshots,
      ),
  );
  app.post(
    '/releases',
    {
      schema: {
        tags,
        summary:
          'Publish a site to a mode: promote staged versions (delivery), record a release, queue the build',
        body: PublishBody,
        response: { 202: PublishResult },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await publish(ctx(request), app.publishing, request.body)),
  );
  app.get(
    '/releases',
    {
      schema: {
        tags,
        summary: "A site's releases, newest first",
        querystring: Type.Object({ site_id: Uuid, mode: Type.Optional(Mode) }, strict),
        response: { 200: Type.Array(Release) },
      },
    },
    (request) => listReleases(ctx(request), request.query.site_id, request.query.mode),
  );
  app.get(
    '/releases/targets',
    {
      schema: {
        tags,
        summary:
          "Where a site's delivery and preview targets are served (url: absolute on a host name, else a path on this server)",
        querystring: Type.Object({ site_id: Uuid }, strict),
        response: { 200: SiteTargets },
      },
    },
    (request) =>
      readTargets(
        ctx(request),
        app.publishing.config,
        app.canopy.config.publicUrl,
        request.query.site_id,
      ),
  );
  app.get(
    '/releases/scheduled',
    {
      schema: {
        tags,
        summary: "A site's scheduled changes (publish and unpublish dates to come)",
        querystring: Type.Object({ site_id: Uuid }, strict),
        response: { 200: Type.Array(ScheduledChange) },
      },
    },
    (request) => listScheduled(ctx(request), request.query.site_id),
  );

  app.post(
    '/builds',
    {
      schema: {
        tags,
        summary:
          'The static-site release endpoint: publish and build; answers the build id at once',
        body: PublishBody,
        response: { 202: PublishResult },
      },
    },
    async (request, reply) => {
      const result = await publish(ctx(request), app.publishing, request.body);
      return reply.code(202).send(result);
    },
  );
  app.get(
    '/builds',
    {
      schema: {
        tags,
        summary: "A site's builds (per target when mode is given), newest first",
        querystring: Type.Object({ site_id: Uuid, mode: Type.Optional(Mode) }, strict),
        response: { 200: Type.Array(Build) },
      },
    },
    (request) => listBuilds(ctx(request), request.query.site_id, request.query.mode, settle),
  );
  app.get(
    '/builds/:id',
    {
      schema: {
        tags,
        summary: 'A build: status, progress (pages_done of pages_total), timings, error',
        params: Type.Object({ id: Uuid }, strict),
        response: { 200: Build },
      },
    },
    (request) => getBuild(ctx(request), request.params.id, settle),
  );
  app.get(
    '/builds/:id/events',
    {
      schema: {
        tags,
        summary: "A build's progress as Server-Sent Events (event: build), until it ends",
        params: Type.Object({ id: Uuid }, strict),
        response: eventStreamReply(
          'Server-Sent Events (event: build), until the build ends; data: the build as JSON (as GET /api/builds/{id})',
        ),
      },
    },
    async (request, reply) => {
      const first = await getBuild(ctx(request), request.params.id, settle);
      const out = startEventStream(reply);
      const send = (row: BuildRow) =>
        out.write(`event: build\ndata: ${JSON.stringify(viewOf(row))}\n\n`);
      send(first);
      if (TERMINAL.has(first.status)) {
        out.end();
        return;
      }
      const listener = (row: BuildRow) => {
        send(row);
        if (TERMINAL.has(row.status)) stop();
      };
      const stop = () => {
        app.publishing.events.off(first.build_id, listener);
        out.end();
      };
      app.publishing.events.on(first.build_id, listener);
      request.raw.on('close', stop);
    },
  );

  app.post(
    '/preview/session',
    {
      schema: {
        tags,
        summary: 'Sets the short-lived preview cookie for the signed-in user',
        response: { 204: Type.Null({ description: 'The cookie is set' }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const cookie = await enterPreview(db, actor, request.protocol === 'https');
      return reply.header('set-cookie', cookie).code(204).send(null);
    },
  );
  app.get(
    '/preview',
    {
      schema: {
        tags,
        summary: 'Enter preview: redirects a signed-in reader to the page on the preview target',
        querystring: Type.Object(
          { pageurl: Type.String({ minLength: 1, maxLength: 2000 }) },
          strict,
        ),
        response: { 302: Type.Null({ description: 'To the page on the preview target' }) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const { redirect, cookie } = await previewRedirect(
        db,
        app.canopy.config,
        {
          actor: request.actor,
          cookie: request.headers.cookie,
          secure: request.protocol === 'https',
        },
        request.query.pageurl,
      );
      if (cookie) reply.header('set-cookie', cookie);
      return reply.redirect(redirect, 302);
    },
  );
  app.get(
    '/preview/exit',
    {
      schema: {
        tags,
        summary: 'Leave preview: clears the preview cookie and goes to the delivery page',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 2000 })) }, strict),
        response: { 302: Type.Null({ description: 'To the delivery page (the path of to)' }) },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const to = request.query.to ?? '/';
      const safe = to.startsWith('/') && !to.startsWith('//') ? to : '/';
      return reply.header('set-cookie', clearPreviewCookie()).redirect(safe, 302);
    },
  );
};
