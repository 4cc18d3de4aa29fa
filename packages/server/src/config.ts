/** Runtime configuration from the environment, read once. */
import { resolve } from 'node:path';
import { loadAuthConfig, type AuthConfig } from './auth/config';
import { loadStorageConfig, type StorageConfig } from './storage/config';
import { loadPublishingConfig, type PublishingConfig } from './publishing/config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The address people and tokens use to reach this server (issuer base). */
  publicUrl: string;
  logLevel: string;
  /** Where the admin sends micro-app calls (§7 Micro-app API): this server's by default. */
  microappApiBase: string;
  /** Identity: bearer tokens or gateway headers, external issuer, API keys, public delivery. */
  auth: AuthConfig;
  /** Where media files and static builds are kept: the data folder or an S3 bucket. */
  storage: StorageConfig;
  /** Site targets, build definitions, site components, scheduler (publishing/config.ts). */
  publishing: PublishingConfig;
  /** The ffmpeg program that turns an MP4 into a multi-stream video; null: the feature is off. */
  ffmpeg: string | null;
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
    microappApiBase: env.CANOPY_MICROAPP_API_BASE || '/api/microapps/',
    auth: loadAuthConfig(env),
    storage: loadStorageConfig(env),
    publishing: loadPublishingConfig(env),
    ffmpeg: env.CANOPY_FFMPEG === 'off' ? null : env.CANOPY_FFMPEG || 'ffmpeg',
  };
}
