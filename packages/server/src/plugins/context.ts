/** Shared infrastructure decorated on the app: database, configuration, token issuer, caches. */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db, DialectName } from '../db/index';
import { watchWrites, Writes } from '../db/write-watch';
import { menuImpact } from '../repositories/menus';
import type { TokenIssuer } from '../auth/tokens';
import type { CacheChange, ReadCache } from '../cache/read-cache';
import type { TokenCache } from '../auth/token-cache';
import type { Storage } from '../storage/index';
import type { Signals } from '../cache/signals';
import { signalChange } from '../cache/remote-changes';
import type { SharedBoss } from '../jobs/boss';

export interface Canopy {
  db: Db;
  dialect: DialectName;
  config: Config;
  tokens: TokenIssuer;
  readCache: ReadCache;
  /** Bearer tokens already verified (auth plugin). */
  verifiedTokens: TokenCache;
  /** Media files and static builds. */
  storage: Storage;
  /** Changes told to and heard from other instances on the same PostgreSQL database. */
  signals: Signals;
  /** With PostgreSQL (`DATABASE_URL`): the durable job queues' pg-boss, shared by every instance. */
  jobs?: SharedBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    canopy: Canopy;
  }
  interface FastifyContextConfig {
    /**
     * What a successful call of the route changes, for the caches: 'lock' (a lock or unlock of
     * the item in the `id` path parameter) changes its lock state only; 'nothing' changes no
     * stored data (presence, a lock request). Default: anything.
     */
    changes?: 'lock' | 'nothing';
  }
}

export const contextPlugin = fp<{ canopy: Canopy; close: () => Promise<void> }>(
  async (app, { canopy, close }) => {
    app.decorate('canopy', canopy);
    // Any successful write may change a page, a menu, a user or their roles: forget what was
    // cached (verified tokens too) before the writer hears back, so nobody it tells can see the
    // old state; the menus are kept when the write wrote no table they read (a save of fields and
    // blocks). A lock or unlock changes only the item's lock state: the menus and its pages.
    // The other instances are told too (the write is committed by now), before the writer hears
    // back; a request waits for what another instance's change started (re-reading the targets).
    // Callbacks, not promises: a read neither waits nor signals, and pays no promise for it.
    app.addHook('onRequest', (_request, _reply, done) => {
      const pending = canopy.signals.pending();
      if (pending) pending.then(() => done(), done);
      else done();
    });
    // Which tables a write's queries wrote to, as the database saw them (db/write-watch.ts): the
    // work before the body is read, then the rest (a body's chunks arrive outside the request's
    // own work, so the second part is entered again once it is read).
    const written = new WeakMap<FastifyRequest, Writes>();
    const watch = (request: FastifyRequest, next: () => void) => {
      if (request.method === 'GET' || request.method === 'HEAD') return next();
      let writes = written.get(request);
      if (!writes) written.set(request, (writes = new Writes()));
      watchWrites(writes, next);
    };
    app.addHook('onRequest', (request, _reply, done) => watch(request, done));
    app.addHook('preValidation', (request, _reply, done) => watch(request, done));
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) {
        return done(null, payload);
      }
      const { changes } = request.routeOptions.config;
      if (changes === 'nothing') return done(null, payload);
      const { id } = request.params as { id?: string };
      const impact = written.has(request) ? menuImpact(written.get(request)!) : 'tree';
      const change: CacheChange =
        changes === 'lock' && id
          ? { kind: 'lock', contentId: id }
          : impact === 'none'
            ? { kind: 'pages' }
            : impact === 'tree'
              ? { kind: 'all' }
              : { kind: 'items', contentIds: impact.items, settings: impact.settings };
      canopy.readCache.invalidate(change);
      signalChange(canopy.signals, change).then(() => done(null, payload), done);
    });
    app.addHook('onClose', async () => {
      await canopy.signals.close();
      await canopy.storage.close();
      await close();
    });
  },
  { name: 'canopy-context' },
);
