/** Builds the Canopy application (no listening: `cli.ts` does that, tests use `inject`). */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { loadConfig, type Config } from './config';
import { openDatabase, type OpenDatabase } from './db/index';
import { loadSigningKeys } from './auth/keys';
import { createTokenIssuer } from './auth/tokens';
import { contextPlugin } from './plugins/context';
import { ReadCache } from './cache/read-cache';
import { TokenCache } from './auth/token-cache';
import { startSignals } from './cache/signals';
import { applyRemoteChanges } from './cache/remote-changes';
import { refreshStoredTargets } from './operations/sites/site-targets';
import { authPlugin } from './plugins/auth';
import { oidcPlugin } from './plugins/oidc';
import { docsPlugin } from './plugins/docs';
import { installValidators, requestValidation } from './plugins/validation';
import { installErrorHandling } from './plugins/errors';
import { apiRoutes } from './routes/index';
import { microappFiles } from './routes/microapps/files';
import { createStorage } from './storage/index';
import { mediaFileRoutes } from './routes/media/files';
import { sitePlugin } from './plugins/site';
import { publishingRoutes } from './routes/publishing/index';
import { adminPlugin } from './plugins/admin';
import { securityPlugin } from './plugins/security';
import { opsPlugin } from './ops/index';
import { requestId } from './plugins/request-id';
import { livePlugin } from './events/plugin';
import { liveRoutes } from './events/stream';
import { auditRoutes } from './routes/audit/index';
import { SharedBoss } from './jobs/boss';
import { jobSettings } from './publishing/jobs';
import { configureLockLease } from './repositories/lock-lease';
import { configurePresence } from './live/presence';
import { cachedPagesPlugin, RouterFront } from './plugins/cached-pages';

export interface BuildOptions {
  config?: Partial<Config>;
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: OpenDatabase;
  logger?: boolean;
}

export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      sqliteFile: `${config.dataDir}/canopy.sqlite`,
    }));
  const keys = await loadSigningKeys(database.db);
  const verifiedTokens = new TokenCache();
  configureLockLease(config.lockLeaseSeconds);
  configurePresence(config.presenceSeconds);

  const front = new RouterFront();
  const app = Fastify({
    serverFactory: front.serverFactory,
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: requestValidation,
    // Request lines only when debugging: at info level they would drown what matters.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // request.ip is the socket's peer unless that peer is a configured proxy.
    ...(config.auth.trustedProxies.length > 0 && { trustProxy: config.auth.trustedProxies }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  installErrorHandling(app);
  const readCache = new ReadCache([verifiedTokens]);
  // Every instance on the same PostgreSQL database hears the others' changes (none on SQLite).
  const signals = await startSignals(database.db, config.databaseUrl, database.dialect, app.log);
  applyRemoteChanges(signals, readCache, () =>
    refreshStoredTargets(database.db, config.publishing),
  );
  await app.register(contextPlugin, {
    canopy: {
      db: database.db,
      dialect: database.dialect,
      config,
      tokens: createTokenIssuer(`${config.publicUrl}/oidc`, keys),
      readCache,
      verifiedTokens,
      storage: createStorage(config),
      signals,
      jobs:
        database.dialect === 'postgres' && config.databaseUrl
          ? new SharedBoss(config.databaseUrl, jobSettings().maintenanceSeconds, (error) =>
              app.log.error({ err: error }, 'the job queue failed'),
            )
          : undefined,
    },
    close: () => (options.database ? Promise.resolve() : database.close()),
  });
  await app.register(opsPlugin, { metricsToken: process.env.CANOPY_METRICS_TOKEN || undefined });
  await app.register(livePlugin);
  // First: its headers are on every answer, and a CORS preflight is answered before sign-in checks.
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(oidcPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(liveRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(microappFiles);
  await app.register(mediaFileRoutes);
  await app.register(adminPlugin);
  await app.register(sitePlugin);
  await app.register(publishingRoutes, { prefix: '/api' });
  await app.register(cachedPagesPlugin, { front });
  return app;
}
