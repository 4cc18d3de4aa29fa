/**
 * Serves the built admin panel (packages/admin/dist) at /admin. Any /admin/* path that is not a
 * built file answers the app's index.html, so deep links (/admin/content/{id}) load the app,
 * which then routes on its own. Hashed assets are cached for a year; index.html never.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, normalize, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

/** Where the build lives: beside the bundled server (dist/) or the TypeScript source (src/plugins/). */
function findAdminDist(): string {
  const candidates = ['../../admin/dist', '../../../admin/dist'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}

export const adminPlugin = fp(
  async (app, options: { root?: string }) => {
    const root = options.root ?? findAdminDist();
    const route = { schema: { hide: true }, config: { public: true } };

    if (!existsSync(join(root, 'index.html'))) {
      app.get('/admin', route, (_request, reply) => notBuilt(reply));
      app.get('/admin/*', route, (_request, reply) => notBuilt(reply));
      return;
    }

    await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
    const sendApp = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');

    app.get('/admin', route, (_request, reply) => sendApp(reply));
    app.get<{ Params: { '*': string } }>('/admin/*', route, (request, reply) => {
      const file = normalize(request.params['*'] ?? '');
      const full = join(root, file);
      if (file && !file.startsWith('..') && full.startsWith(root + sep) && isFile(full)) {
        const immutable = file.startsWith(`assets${sep}`);
        return reply
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          .sendFile(file);
      }
      // A deep link or an asset of an older build: the app itself answers (and routes).
      if (file.startsWith(`assets${sep}`)) return reply.status(404).send();
      return sendApp(reply);
    });
  },
  { name: 'canopy-admin' },
);

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function notBuilt(reply: FastifyReply) {
  return reply
    .status(503)
    .type('text/plain; charset=utf-8')
    .send(
      'The admin panel is not built. Run `npm start` (it builds it) or `npm run build -w @canopy/admin`.',
    );
}
