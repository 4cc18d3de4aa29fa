/**
 * Liveness and readiness for load balancers and orchestrators. `GET /healthz`: the process
 * answers. `GET /readyz`: every part a request needs is reachable (the database answers a
 * query, the storage answers a read, the build queue answers when builds are shared jobs); otherwise 503 naming the part that failed and why. While
 * the server stops, Fastify answers 503 to new requests, so a balancer drains it.
 */
import type { FastifyInstance } from 'fastify';
import { ping } from '../db/index';

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3000;

/** A small object the storage check reads (and writes once, when it is not there). */
export const READINESS_KEY = '.canopy-readiness';

type Check = () => Promise<unknown>;

async function within(check: Check, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { db, storage } = app.canopy;
  const checks: Record<string, Check> = {
    database: () => ping(db),
    storage: async () => {
      if (await storage.stat(READINESS_KEY)) return;
      await storage.put(READINESS_KEY, Buffer.from('ready\n'), { contentType: 'text/plain' });
    },
  };

  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', hide, async (request, reply) => {
    const results: Record<string, string> = {};
    const queue = app.hasDecorator('publishing') ? app.publishing.queue : undefined;
    const all: Record<string, Check> = queue?.shared
      ? { ...checks, jobs: () => queue.check() }
      : checks;
    await Promise.all(
      Object.entries(all).map(async ([name, check]) => {
        try {
          await within(check, CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch (error) {
          results[name] = `failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      }),
    );
    const failed = Object.keys(results).filter((name) => results[name] !== 'ok');
    if (failed.length > 0) request.log.warn({ checks: results }, 'not ready');
    return reply
      .status(failed.length > 0 ? 503 : 200)
      .header('cache-control', 'no-store')
      .send({ status: failed.length > 0 ? 'unavailable' : 'ready', failed, checks: results });
  });
}
