/**
 * Serves the micro-apps that ship with Canopy (the demo's newsletter sign-up) at `/microapps/`.
 * Micro-apps built elsewhere are served from wherever they are deployed.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The server package's folder, from the source tree (tsx) and from the bundle in dist/ alike. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the server package folder');
    dir = parent;
  }
  return dir;
}

export const MICROAPP_FILES_PREFIX = '/microapps/';

export async function microappFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(packageRoot(), 'microapps'),
    prefix: MICROAPP_FILES_PREFIX,
    decorateReply: false,
    index: false,
    // Versions live in their own folders, so a file never changes under its address.
    maxAge: '1d',
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  });
}
