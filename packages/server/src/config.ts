/** Runtime configuration from the environment, read once. */
import { resolve } from 'node:path';
import { loadAuthConfig, type AuthConfig } from './auth/config';
import { loadPublishingConfig, type PublishingConfig } from './publishing/config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The address people and tokens use to reach this server (issuer base). */
  publicUrl: string;
  logLevel: string;
  /** Identity: bearer tokens or gateway headers, external issuer, API keys, public delivery. */
  auth: AuthConfig;
  /** Site targets, build definitions, site components, scheduler (publishing/config.ts). */
  publishing: PublishingConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0-65535), got "${env.PORT}"`);
  }
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: resolve(env.CANOPY_DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.CANOPY_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    auth: loadAuthConfig(env),
    publishing: loadPublishingConfig(env),
  };
}
