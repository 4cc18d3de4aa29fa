/** Shared infrastructure decorated on the app: the database, configuration, token issuer. */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db, DialectName } from '../db/index';
import type { TokenIssuer } from '../auth/tokens';

export interface Canopy {
  db: Db;
  dialect: DialectName;
  config: Config;
  tokens: TokenIssuer;
}

declare module 'fastify' {
  interface FastifyInstance {
    canopy: Canopy;
  }
}

export const contextPlugin = fp<{ canopy: Canopy; close: () => Promise<void> }>(
  async (app, { canopy, close }) => {
    app.decorate('canopy', canopy);
    app.addHook('onClose', close);
  },
  { name: 'canopy-context' },
);
