/** Runtime configuration from the environment, read once. */
import { resolve } from 'node:path';
import { DEFAULT_LOCK_LEASE_SECONDS } from '@canopy/core';
import { DEFAULT_PRESENCE_SECONDS } from './live/presence';
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
  /** Response headers: CORS allow-list, HSTS, and each site's own headers (plugins/security.ts). */
  security: SecurityConfig;
  /** CANOPY_LOCK_LEASE_SECONDS: how long a lock lasts without renewal (default 900). */
  lockLeaseSeconds: number;
  /**
   * CANOPY_PRESENCE_SECONDS: how long an editor stays named as having an item open after its
   * last word (default 50); an open editor speaks every 40% of that.
   */
  presenceSeconds: number;
}

export interface SecurityConfig {
  /** CANOPY_CORS_ORIGINS: origins whose pages may call the API from the browser, credentials included. */
  corsOrigins: string[];
  /** The Strict-Transport-Security value; null: not sent (CANOPY_HSTS=off, or an http address). */
  hsts: string | null;
  /** CANOPY_SITE_HEADERS: per site id, headers its delivery and preview pages answer with. */
  siteHeaders: Record<string, Record<string, string>>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0-65535), got "${env.PORT}"`);
  }
  const host = env.HOST ?? '0.0.0.0';
  const publicUrl = (env.CANOPY_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    dataDir: resolve(env.CANOPY_DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    microappApiBase: env.CANOPY_MICROAPP_API_BASE || '/api/microapps/',
    auth: loadAuthConfig(env),
    storage: loadStorageConfig(env),
    publishing: loadPublishingConfig(env),
    ffmpeg: env.CANOPY_FFMPEG === 'off' ? null : env.CANOPY_FFMPEG || 'ffmpeg',
    security: loadSecurityConfig(env, publicUrl),
    lockLeaseSeconds: wholeSeconds(env, 'CANOPY_LOCK_LEASE_SECONDS', DEFAULT_LOCK_LEASE_SECONDS, 1),
    presenceSeconds: wholeSeconds(env, 'CANOPY_PRESENCE_SECONDS', DEFAULT_PRESENCE_SECONDS, 5),
  };
}

function wholeSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number, least: number) {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < least) {
    throw new Error(
      `${name} must be a whole number of seconds (at least ${least}), got "${value}"`,
    );
  }
  return seconds;
}

/** A year, the value HSTS preload lists ask for; sub-domains are left out (sites may differ). */
const DEFAULT_HSTS = 'max-age=31536000';

export function loadSecurityConfig(env: NodeJS.ProcessEnv, publicUrl: string): SecurityConfig {
  const corsOrigins = (env.CANOPY_CORS_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
      if (origin === 'null') {
        throw new Error(
          `CANOPY_CORS_ORIGINS: "${entry}" is not an origin like https://www.example.com`,
        );
      }
      return origin;
    });
  const https = publicUrl.startsWith('https:');
  const hstsSetting = env.CANOPY_HSTS?.trim();
  const hsts =
    hstsSetting === 'off' || (!https && !hstsSetting) ? null : hstsSetting || DEFAULT_HSTS;
  if (hsts && !/^max-age=\d+/.test(hsts)) {
    throw new Error(
      `CANOPY_HSTS must be "off" or a header value like "max-age=31536000; includeSubDomains", got "${hstsSetting}"`,
    );
  }
  return { corsOrigins, hsts, siteHeaders: siteHeaders(env.CANOPY_SITE_HEADERS) };
}

function siteHeaders(value: string | undefined): Record<string, Record<string, string>> {
  if (!value) return {};
  const example = '{"<site id>": {"Content-Security-Policy": "default-src \'self\'"}}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`CANOPY_SITE_HEADERS must be JSON like ${example}, got ${value}`);
  }
  const isObject = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && !Array.isArray(item);
  if (!isObject(parsed)) throw new Error(`CANOPY_SITE_HEADERS must be JSON like ${example}`);
  const result: Record<string, Record<string, string>> = {};
  for (const [site, headers] of Object.entries(parsed)) {
    if (!isObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')) {
      throw new Error(
        `CANOPY_SITE_HEADERS: the headers of site "${site}" must be an object of header names and text values, like ${example}`,
      );
    }
    result[site] = Object.fromEntries(
      Object.entries(headers as Record<string, string>).map(([name, v]) => [name.toLowerCase(), v]),
    );
  }
  return result;
}
