/**
 * Serving the sites: each site's delivery target from its current build (the default site at '/',
 * others by host name or base path), its preview target from its current build too, for a
 * signed-in reader with Read on the page (pages not built yet are rendered on request from latest
 * publishable versions), the stylesheet, and the site's 404 page. Paths
 * under /api, /admin, /oidc and /media-library are never pages.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { text } from 'node:stream/consumers';
import { formatPublishDate } from '@canopy/core';
import { siteHref, stylesheet } from '@canopy/site/data';
import { permissionsOn } from '../access/permissions';
import { loadUserActor } from '../auth/load-actor';
import type { Actor } from '../auth/actor';
import { targetsOf } from '../publishing/config';
import { RESERVED, resolveAddress, type ResolvedAddress } from '../publishing/addresses';
import { BuildService, STYLESHEET_URL } from '../publishing/builds';
import { previewUserId } from '../publishing/preview-cookie';
import { Renderer } from '../publishing/renderer';
import { startScheduler } from '../publishing/scheduler';
import { startPruning } from '../jobs/retention';
import { jobSettings, PgBossQueue } from '../publishing/jobs';
import { loadSnapshot, type SiteSnapshot } from '../publishing/source';
import { contentHash } from '../publishing/store';
import { join } from 'node:path';
import { siteHeaders } from './security';

declare module 'fastify' {
  interface FastifyInstance {
    publishing: BuildService;
  }
}

const HTML = 'text/html; charset=utf-8';

/** What the preview bar says the reader sees. */
export const PREVIEW_LABELS = {
  built: 'what was published to preview on',
  latest: 'the latest publishable version (not published to preview yet)',
  notFound: 'no publishable page you may read has this address',
} as const;

function message(reply: FastifyReply, status: number, title: string, text: string) {
  return reply
    .code(status)
    .type(HTML)
    .header('cache-control', 'no-store')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="${STYLESHEET_URL}"></head><body><section class="cn-intro"><div class="cn-wrap"><h1>${title}</h1><p class="cn-lead">${text}</p></div></section></body></html>`,
    );
}

export const sitePlugin = fp(
  async (app) => {
    const { db, config, storage } = app.canopy;
    const publishing = config.publishing;
    const renderer = new Renderer(
      join(config.dataDir, '.cache'),
      publishing.siteComponents,
      publishing.renderThreads,
    );
    // Builds are durable jobs shared by every instance when the database is PostgreSQL's.
    const queue = app.canopy.jobs
      ? new PgBossQueue(app.canopy.jobs, jobSettings(), (error) =>
          app.log.error({ err: error }, 'the build queue failed'),
        )
      : undefined;
    const builds = new BuildService(db, storage, renderer, publishing, app.log, queue);
    app.decorate('publishing', builds);

    let stopScheduler: (() => void) | undefined;
    let stopPruning: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      await builds.failInterrupted();
      await builds.start();
      stopScheduler = startScheduler(db, builds, publishing.schedulerIntervalMs, (error) =>
        app.log.error({ err: error }, 'scheduled publishing failed'),
      );
      // Finished builds and media jobs are kept CANOPY_JOB_RETENTION_DAYS.
      stopPruning = startPruning(
        {
          db,
          dialect: app.canopy.dialect,
          retentionDays: jobSettings().retentionDays,
          served: () => builds.servedBuildIds(),
        },
        (error) => app.log.error({ err: error }, 'removing finished jobs failed'),
      );
      // The render threads are made ready as the server starts: a publish renders at once.
      if (publishing.warmRenderThreads)
        void builds.renderer
          .warm()
          .catch((error: unknown) => app.log.error({ err: error }, 'render threads did not start'));
      if (publishing.buildOnStart) await builds.buildUnbuiltSites();
    });
    app.addHook('onClose', async () => {
      stopScheduler?.();
      await stopPruning?.();
      await builds.close();
    });

    async function onRequest(
      request: FastifyRequest,
      reply: FastifyReply,
      address: ResolvedAddress,
    ) {
      const css = siteHref(address.basePath, STYLESHEET_URL);
      // The site's own headers (CANOPY_SITE_HEADERS); preview's framing and caching rules.
      reply.headers(siteHeaders(config.security, address.siteId, address.mode));
      if (address.mode === 'preview') return preview(request, reply, address, css);
      const manifest = await builds.currentManifest(address.siteId, 'delivery');
      if (manifest) {
        const entry = manifest.pages[address.pageUrl];
        const found = await builds
          .store(address.siteId, 'delivery')
          .page(entry ?? manifest.not_found);
        if (found) {
          if (entry && request.headers['if-none-match'] === `"${entry.hash}"`)
            return reply.code(304).send();
          return reply
            .code(entry ? 200 : 404)
            .type(HTML)
            .header('etag', `"${(entry ?? manifest.not_found).hash}"`)
            .header('cache-control', 'no-cache')
            .send(found.body);
        }
      }
      // No build yet: render on request from published versions while the first build runs.
      const snapshot = await loadSnapshot(db, address.siteId, 'delivery');
      const [input] = await snapshot.models([address.pageUrl], address.basePath, css);
      const html = input
        ? await renderer.renderHere({ model: input.model })
        : await renderer.renderHere({
            model: (await snapshot.notFoundModel(address.basePath, css)).model,
            notFound: true,
          });
      return reply
        .code(input ? 200 : 404)
        .type(HTML)
        .header('cache-control', 'no-store')
        .send(html);
    }

    /**
     * A preview page, for a signed-in reader (the preview cookie) with Read on it: what was last
     * published to preview, served from that build like delivery; a page that build does not
     * hold is rendered on request from the latest publishable versions. Either way with the
     * preview bar saying which, and never kept by shared caches nor framed by other origins.
     */
    async function preview(
      request: FastifyRequest,
      reply: FastifyReply,
      address: ResolvedAddress,
      css: string,
    ) {
      const userId = await previewUserId(db, request.headers.cookie);
      let actor: Actor | undefined;
      if (userId) actor = await loadUserActor(db, userId).catch(() => undefined);
      if (!actor)
        return message(
          reply,
          401,
          'Sign in to preview',
          'Preview shows unpublished content to signed-in readers only. Open it from the admin.',
        );
      const reader = actor;
      let editUrl: string | undefined;
      const readable = async (contentId: string | undefined) => {
        if (contentId === undefined) return false;
        const permissions = await permissionsOn(db, reader, contentId);
        // Someone who may edit the page gets a link to it in the page editor.
        editUrl = permissions.includes('Edit') ? `/admin/page-editor/${contentId}` : undefined;
        return permissions.includes('Read');
      };
      const delivery = targetsOf(publishing, address.siteId).delivery.basePath;
      const exitUrl = `/api/preview/exit?to=${encodeURIComponent(siteHref(delivery, address.pageUrl))}`;
      let snapshot: SiteSnapshot | undefined;
      const latest = async () => (snapshot ??= await loadSnapshot(db, address.siteId, 'preview'));

      const manifest = await builds.currentManifest(address.siteId, 'preview');
      const entry = manifest?.pages[address.pageUrl];
      if (manifest && entry) {
        // Manifests written before pages named their item: the item at that address now.
        const contentId = entry.content_id ?? (await latest()).pages.get(address.pageUrl);
        if (!(await readable(contentId)))
          return previewNotFound(reply, await latest(), address, css, exitUrl);
        const found = await builds.store(address.siteId, 'preview').page(entry);
        if (found) {
          const bar = {
            label: `${PREVIEW_LABELS.built} ${formatPublishDate(manifest.created)} UTC`,
            exitUrl,
            editUrl,
          };
          // The bar is part of what the reader gets: another build's date is another answer.
          const etag = `"${contentHash(`${entry.hash}\n${bar.label}\n${bar.exitUrl}\n${editUrl ?? ''}`)}"`;
          reply.header('etag', etag);
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
          // React renders the bar: it loads with the first preview page, not with the server.
          const { withPreviewBar } = await import('@canopy/site');
          return reply.type(HTML).send(withPreviewBar(await text(found.body), bar));
        }
      }
      // Not published to preview yet (or its bytes are gone): rendered on request.
      const shown = await latest();
      const contentId = shown.pages.get(address.pageUrl);
      if (!(await readable(contentId))) return previewNotFound(reply, shown, address, css, exitUrl);
      const [input] = await shown.models([address.pageUrl], address.basePath, css);
      const model = input!.model;
      model.preview = {
        label: `${PREVIEW_LABELS.latest}, as ${actor.displayName} sees it`,
        exitUrl,
        editUrl,
      };
      return reply.type(HTML).send(await renderer.renderHere({ model }));
    }

    /** One 404 for an address with no page and a page the reader may not read: nothing tells them apart. */
    async function previewNotFound(
      reply: FastifyReply,
      snapshot: SiteSnapshot,
      address: ResolvedAddress,
      css: string,
      exitUrl: string,
    ) {
      const model = (await snapshot.notFoundModel(address.basePath, css)).model;
      model.preview = { label: PREVIEW_LABELS.notFound, exitUrl };
      return reply
        .code(404)
        .type(HTML)
        .send(await renderer.renderHere({ model, notFound: true }));
    }

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      let path: string;
      try {
        path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
      } catch {
        return reply.callNotFound(); // a malformed escape names no page
      }
      if (RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
        return reply.callNotFound();
      if (path.endsWith(STYLESHEET_URL))
        return reply
          .type('text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(stylesheet);
      const address = await resolveAddress(db, publishing, request.headers.host, path);
      if (!address) return reply.callNotFound();
      return onRequest(request, reply, address);
    };
    // The site's pages, not the API: kept out of the API document.
    app.get('/', { schema: { hide: true } }, handler);
    app.get('/*', { schema: { hide: true } }, handler);
  },
  { name: 'canopy-site', dependencies: ['canopy-context'] },
);
