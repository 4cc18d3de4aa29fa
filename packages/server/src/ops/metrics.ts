/**
 * Prometheus metrics (`prom-client`) at `GET /metrics`: requests per route (count and latency),
 * build durations, builds waiting in the queue, read-cache hits and misses, open event streams,
 * and the process's own figures
 * (CPU, memory, event-loop delay). Each app counts in its own registry (tests build many apps in
 * one process); the process's figures are collected once and added to every scrape.
 *
 * What it shows: route patterns (`/api/contents/:id`, never the ids), status codes, counts and
 * durations; no content, names or addresses. When `CANOPY_METRICS_TOKEN` is set, a scrape must
 * send `Authorization: Bearer <token>`; unset, anyone who reaches the server may read it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BuildRow } from '../db/schema';
import type { ReadCache } from '../cache/read-cache';

/** Requests that matched no route share one label: the URL of a miss is not a route. */
const UNMATCHED = 'unmatched';
const ENDED = new Set(['succeeded', 'failed']);

export interface Metrics {
  registry: Registry;
  /** Counts a request answered (by a route, or before routing) and how long it took. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Counts each read of the cache as a hit or a miss, by scope ('menu', 'page'). */
  watchCache(cache: ReadCache): void;
  /** Records each build's duration when it ends (from the build service's events). */
  watchBuilds(events: { emit(name: string | symbol, ...args: unknown[]): boolean }): void;
  /** Reports the builds waiting in `queue` at each scrape. */
  watchQueue(queue: { size(): Promise<number> }): void;
}

/**
 * The process's own figures, collected once per process: each collection starts an event-loop
 * monitor and a garbage-collection observer that are never stopped, and tests build many apps.
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'canopy_' });
  }
  return processRegistry;
}

export function createMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();

  const requests = new Histogram({
    name: 'canopy_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const builds = new Histogram({
    name: 'canopy_build_duration_seconds',
    help: 'Site builds that ended, by mode and status, and how long they ran',
    labelNames: ['mode', 'status'],
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  const cacheReads = new Counter({
    name: 'canopy_read_cache_requests_total',
    help: 'Reads of the read cache by scope (menu, page) and result (hit, miss)',
    labelNames: ['scope', 'result'],
    registers: [registry],
  });
  let queued: (() => Promise<number>) | undefined;
  new Gauge({
    name: 'canopy_build_queue_depth',
    help: "Builds waiting to run (with PostgreSQL the shared pg-boss queue's: every instance's)",
    registers: [registry],
    async collect() {
      // A queue that cannot be asked (the database is down) has no depth to show, not 0.
      this.set(queued ? await queued().catch(() => Number.NaN) : 0);
    },
  });
  const streams = new Gauge({
    name: 'canopy_event_streams',
    help: 'Server-Sent Event streams open now',
    registers: [registry],
  });

  app.addHook('onRequest', (request, _reply, done) => {
    // Event streams are taken over by their route and end when the client goes away (the
    // address is looked at first: the route's options are made anew each time they are read).
    if (request.url.includes('/events') && request.routeOptions.url?.endsWith('/events')) {
      streams.inc();
      request.raw.once('close', () => streams.dec());
    }
    done();
  });
  const observeRequest: Metrics['observeRequest'] = (method, route, statusCode, seconds) => {
    requests.observe({ method, route, status_code: String(statusCode) }, seconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  return {
    registry,
    observeRequest,
    watchCache(cache) {
      cache.onRead((key, hit) => {
        const scope = key.slice(0, Math.max(0, key.indexOf(':'))) || 'other';
        cacheReads.inc({ scope, result: hit ? 'hit' : 'miss' });
      });
    },
    watchQueue(queue) {
      queued = () => queue.size();
    },
    watchBuilds(events) {
      const emit = events.emit.bind(events);
      events.emit = (name, ...args) => {
        const row = args[0] as Partial<BuildRow> | undefined;
        if (row?.started_date && row.finished_date && ENDED.has(row.status ?? '')) {
          const seconds = (Date.parse(row.finished_date) - Date.parse(row.started_date)) / 1000;
          builds.observe({ mode: row.mode ?? 'unknown', status: row.status ?? 'unknown' }, seconds);
        }
        return emit(name, ...args);
      };
    },
  };
}

/** Answers a scrape, asking for the token when one is configured. */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
          code: 'UNAUTHENTICATED',
          message:
            'Send the metrics token (CANOPY_METRICS_TOKEN) as "Authorization: Bearer <token>"',
        });
      }
    }
    const all = Registry.merge([processMetrics(), metrics.registry]);
    return reply.header('content-type', all.contentType).send(await all.metrics());
  };
}
