/**
 * The server process the bench measures, started by `server.ts`: either the bare Fastify route
 * (the baseline) or Canopy built with `build()` on the bench database. It listens on a free
 * loopback port and reports that port to its parent.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from '../../packages/server/src/app';
import { openDatabase } from '../../packages/server/src/db/index';
import fastifyStatic from '@fastify/static';
import { BARE_BYTES_PATH, BARE_PATH, BARE_STATIC_PREFIX } from './server';

async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get(BARE_PATH, async () => ({ hello: 'world' }));
  // `n` bytes of JSON from memory: the floor of any reply of that size.
  const bodies = new Map<number, Buffer>();
  app.get<{ Querystring: { n: string } }>(BARE_BYTES_PATH, async (request, reply) => {
    const n = Number(request.query.n);
    let body = bodies.get(n);
    if (!body) bodies.set(n, (body = Buffer.from(`"${'x'.repeat(Math.max(0, n - 2))}"`)));
    return reply.type('application/json; charset=utf-8').send(body);
  });
  // Files of BENCH_STATIC_ROOT by @fastify/static: the floor of serving a file from disk.
  if (process.env.BENCH_STATIC_ROOT) {
    await app.register(fastifyStatic, {
      root: process.env.BENCH_STATIC_ROOT,
      prefix: BARE_STATIC_PREFIX,
    });
  }
  return app;
}

async function canopyApp(): Promise<FastifyInstance> {
  const env = process.env;
  const database = await openDatabase({
    url: env.BENCH_DB_URL || undefined,
    sqliteFile: env.BENCH_DB_FILE!,
    schema: env.BENCH_DB_SCHEMA || undefined,
  });
  const app = await build({
    database,
    logger: false,
    config: {
      dataDir: env.BENCH_DATA_DIR!,
      publicUrl: env.BENCH_PUBLIC_URL!,
      // One of several instances on one PostgreSQL database: caches kept in step by its signals.
      databaseUrl: env.BENCH_SHARED === 'true' ? env.BENCH_DB_URL || undefined : undefined,
    },
  });
  app.addHook('onClose', () => database.close());
  return app;
}

const app = process.env.BENCH_SERVER === 'canopy' ? await canopyApp() : await bareApp();
await app.listen({ host: '127.0.0.1', port: 0 });
process.send!({ port: (app.server.address() as AddressInfo).port });

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
// The bench went away (crash, Ctrl-C): never outlive it.
process.once('disconnect', stop);
