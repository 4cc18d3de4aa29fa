/**
 * Serves the browser apps: the admin panel (packages/admin/dist) at /admin and the page editor
 * (packages/page-editor/dist) at /admin/page-editor. Any path of an app that is not a built file
 * answers the app's index.html, so deep links (/admin/content/{id},
 * /admin/page-editor/{id}) load the app, which then routes on its own. Hashed assets are cached
 * for a year; index.html never.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, normalize, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where a build lives: beside the bundled server (dist/) or the TypeScript source (src/plugins/). */
function findDist(folder: string): string {
  const candidates = [`../../${folder}/dist`, `../../../${folder}/dist`].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}

const route = { schema: { hide: true }, config: { public: true } };

/** One app under `base`: its built files, and its index.html for every other path. */
async function serveApp(app: FastifyInstance, base: string, root: string, name: string) {
  if (!existsSync(join(root, 'index.html'))) {
    app.get(base, route, (_request, reply) => notBuilt(reply, name));
    app.get(`${base}/*`, route, (_request, reply) => notBuilt(reply, name));
    return;
  }
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, { root, serve: false, cacheControl: false });
      const sendApp = (reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html');
      scope.get(base, route, (_request, reply) => sendApp(reply));
      scope.get<{ Params: { '*': string } }>(`${base}/*`, route, (request, reply) => {
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
    { prefix: '' },
  );
}

export const adminPlugin = fp(
  async (app, options: { root?: string; pageEditorRoot?: string }) => {
    await serveApp(app, '/admin', options.root ?? findDist('admin'), 'admin panel');
    await serveApp(
      app,
      '/admin/page-editor',
      options.pageEditorRoot ?? findDist('page-editor'),
      'page editor',
    );
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

function notBuilt(reply: FastifyReply, name: string) {
  return reply
    .status(503)
    .type('text/plain; charset=utf-8')
    .send(
      `The ${name} is not built. Run \`npm start\` (it builds it) or \`node packages/admin/scripts/build.mjs\`.`,
    );
}
