/** Shared infrastructure decorated on the app: database, configuration, token issuer, caches. */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db, DialectName } from '../db/index';
import type { TokenIssuer } from '../auth/tokens';
import type { ReadCache } from '../cache/read-cache';

export interface Canopy {
  db: Db;
  dialect: DialectName;
  config: Config;
  tokens: TokenIssuer;
  readCache: ReadCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    canopy: Canopy;
  }
}

export const contextPlugin = fp<{ canopy: Canopy; close: () => Promise<void> }>(
  async (app, { canopy, close }) => {
    app.decorate('canopy', canopy);
    // Any successful write may change what is published: start the read cache afresh,
    // before the writer hears back, so no reader it tells can see the old page.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        canopy.readCache.clear();
      }
      return payload;
    });
    app.addHook('onClose', close);
  },
  { name: 'canopy-context' },
);
