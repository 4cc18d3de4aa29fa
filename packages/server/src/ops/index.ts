/**
 * What operators need to run Canopy: health and readiness, Prometheus metrics and a request id
 * on every answer and log line (Fastify's pino logs carry it as `reqId`).
 */
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../plugins/request-id';
import { healthRoutes } from './health';
import { createMetrics, metricsHandler, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
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
    app.decorate('metrics', metrics);
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
