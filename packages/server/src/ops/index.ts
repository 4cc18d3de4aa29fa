/**
 * What operators need to run Canopy: health and readiness, Prometheus metrics and a request id
 * on every answer and log line (Fastify's pino logs carry it as `reqId`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { healthRoutes } from './health';
import { createMetrics, metricsHandler } from './metrics';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a proxy sent along is kept when it is a sane token; otherwise a new one is made. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

export interface OpsOptions {
  /** CANOPY_METRICS_TOKEN: when set, `/metrics` asks for it as a bearer token. */
  metricsToken?: string | undefined;
}

export const opsPlugin = fp<OpsOptions>(
  async (app, { metricsToken }) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    const metrics = createMetrics(app);
    metrics.watchCache(app.canopy.readCache);
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('publishing')) return;
      metrics.watchBuilds(app.publishing.events);
      metrics.watchQueue(app.publishing.queue);
    });
    await app.register(healthRoutes);
    app.get('/metrics', { schema: { hide: true } }, metricsHandler(metrics, metricsToken));
  },
  { name: 'canopy-ops', dependencies: ['canopy-context'] },
);
