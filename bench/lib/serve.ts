/**
 * The server process the bench measures, started by `server.ts`: either the bare Fastify route
 * (the baseline) or Canopy built with `build()` on the bench database. It listens on a free
 * loopback port and reports that port to its parent.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from '../../packages/server/src/app';
import { openDatabase } from '../../packages/server/src/db/index';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { BARE_BYTES_PATH, BARE_PATH, BARE_STATIC_PREFIX, BARE_UPLOAD_PREFIX } from './server';

/**
 * The stages of an upload, each a floor of the next: the request's body read and dropped (the
 * HTTP transfer), written to a file, and parsed as multipart by @fastify/multipart with its file
 * part written to a file (what Canopy's upload route starts from).
 */
async function uploadStages(app: FastifyInstance): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'canopy-bench-upload-'));
  app.addHook('onClose', async () => rmSync(folder, { recursive: true, force: true }));
  await app.register(async (raw) => {
    raw.addContentTypeParser('multipart/form-data', (_request, payload, done) =>
      done(null, payload),
    );
    raw.post(`${BARE_UPLOAD_PREFIX}receive`, async (request) => {
      for await (const _chunk of request.body as Readable);
      return { ok: true };
    });
    // Holding up to 1 MiB while a write runs, as Canopy's stores do (Node's default is 16 KiB).
    raw.post(`${BARE_UPLOAD_PREFIX}disk`, async (request) => {
      const file = createWriteStream(join(folder, 'body'), { highWaterMark: 1024 * 1024 });
      await pipeline(request.body as Readable, file);
      return { ok: true };
    });
  });
  await app.register(async (parsed) => {
    await parsed.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024 } });
    parsed.post(`${BARE_UPLOAD_PREFIX}multipart`, async (request) => {
      for await (const part of request.parts()) {
        if (part.type === 'file')
          await pipeline(part.file, createWriteStream(join(folder, 'file')));
      }
      return { ok: true };
    });
  });
}

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
  await uploadStages(app);
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
