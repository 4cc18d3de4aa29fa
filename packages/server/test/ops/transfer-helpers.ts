/**
 * Installations for the export and import tests: a data folder with its own database (SQLite in
 * the folder, or a PostgreSQL database made for the test and dropped after it) and disk storage,
 * an app on it, and a crawl of every GET answer of the API.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { build } from '../../src/app';
import { openDatabase, type Db, type DialectName, type OpenDatabase } from '../../src/db/index';
import { loadPublishingConfig } from '../../src/publishing/config';
import { createStorage, loadStorageConfig, type Storage } from '../../src/storage/index';

export interface Installation {
  dir: string;
  dialect: DialectName;
  database: OpenDatabase;
  db: Db;
  storage: Storage;
  /** Starts the app on the installation (once). */
  app(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function newInstallation(dialect: DialectName): Promise<Installation> {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-transfer-'));
  let databaseName: string | undefined;
  let url: string | undefined;
  if (dialect === 'postgres') {
    databaseName = `canopy_transfer_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin(`CREATE DATABASE ${databaseName}`);
    const server = new URL(process.env.TEST_DATABASE_URL!);
    server.pathname = `/${databaseName}`;
    url = server.toString();
  }
  const database = await openDatabase({ url, sqliteFile: join(dir, 'canopy.sqlite') });
  const config = { dataDir: dir, storage: loadStorageConfig({}) };
  const storage = createStorage(config);
  let app: FastifyInstance | undefined;
  return {
    dir,
    dialect,
    database,
    db: database.db,
    storage,
    async app() {
      if (app) return app;
      app = await build({
        database,
        logger: false,
        config: {
          ...config,
          publicUrl: 'http://localhost:3000',
          databaseUrl: undefined,
          publishing: {
            ...loadPublishingConfig({}),
            buildOnStart: false,
            warmRenderThreads: false,
            renderThreads: 1,
          },
        },
      });
      await app.ready();
      return app;
    },
    async close() {
      await app?.close();
      await storage.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    },
  };
}

/** Runs one statement on the test's PostgreSQL server (CREATE / DROP DATABASE). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A bearer token for the user `admin` on this app. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const user = await app.canopy.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  return app.canopy.tokens.sign({ sub: user.user_id, preferred_username: 'admin' }, 3600);
}

/** GET paths not crawled, and why. */
const NOT_CRAWLED: Record<string, string> = {
  '/api/builds/{id}/events': 'a stream; its first event is GET /api/builds/{id}',
  '/api/preview': 'a redirect that sets a cookie',
  '/api/preview/exit': 'a redirect that clears a cookie',
  '/api/events': 'a stream of what happens from now on',
  '/api/presence/{id}': 'who has an item open lives in the process they are connected to',
};

/**
 * Every GET answer of the API (each path of the OpenAPI document with every id the database
 * holds for its parameters; JSON compared value by value, key order included) and every media
 * file's bytes, as "status body" by address.
 */
export async function crawl(app: FastifyInstance): Promise<Map<string, string>> {
  const db = app.canopy.db;
  const token = await adminToken(app);
  const ids = {
    content: (await db.selectFrom('content_items').select('content_id').execute()).map(
      (row) => row.content_id,
    ),
    media: await db
      .selectFrom('content_items')
      .select(['content_id', 'media_url'])
      .where('media_url', 'is not', null)
      .execute(),
    versions: await db.selectFrom('content_versions').select(['content_id', 'version']).execute(),
    sites: await db.selectFrom('sites').select(['site_id', 'site_name']).execute(),
    templates: (await db.selectFrom('templates').select('template_id').execute()).map(
      (row) => row.template_id,
    ),
    users: (await db.selectFrom('users').select('user_id').execute()).map((row) => row.user_id),
    roles: (await db.selectFrom('roles').select('role_id').execute()).map((row) => row.role_id),
    builds: (await db.selectFrom('builds').select('build_id').execute()).map((row) => row.build_id),
    mediaJobs: (await db.selectFrom('media_jobs').select('job_id').execute()).map(
      (row) => row.job_id,
    ),
    types: (
      await db.selectFrom('template_types').select('content_type_id').distinct().execute()
    ).flatMap((row) => (row.content_type_id ? [row.content_type_id] : [])),
    pageUrls: (
      await db
        .selectFrom('content_items')
        .select('page_url')
        .where('page_url', 'is not', null)
        .execute()
    ).map((row) => row.page_url!),
  };
  const siteIds = ids.sites.map((site) => site.site_id);
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      { get?: { parameters?: { in: string; name: string; required?: boolean }[] } }
    >;
  };
  const urls: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!operations.get || path in NOT_CRAWLED) continue;
    const query = (operations.get.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    for (const filled of fillPath(path, ids, siteIds)) {
      for (const search of fillQuery(
        query.map((p) => p.name),
        siteIds,
        ids.pageUrls,
      )) {
        urls.push(`${filled}${search}`);
      }
    }
  }
  urls.push(...ids.media.map((row) => row.media_url!));
  const answers = new Map<string, string>();
  for (const url of urls.sort()) {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = !url.startsWith('/api/')
      ? createHash('sha256').update(res.rawPayload).digest('hex')
      : String(res.headers['content-type']).startsWith('application/json')
        ? JSON.stringify(res.json()) // PostgreSQL's JSON functions space their output
        : res.body;
    answers.set(url, `${res.statusCode} ${body}`);
  }
  return answers;
}

type Ids = {
  content: string[];
  media: { content_id: string }[];
  versions: { content_id: string; version: number }[];
  sites: { site_id: string; site_name: string }[];
  templates: string[];
  users: string[];
  roles: string[];
  builds: string[];
  mediaJobs: string[];
  types: string[];
};

function fillPath(path: string, ids: Ids, siteIds: string[]): string[] {
  const param = /\{(\w+)\}/.exec(path)?.[1];
  if (!param) return [path];
  const put = (values: string[]) =>
    values.map((value) => path.replace(`{${param}}`, encodeURIComponent(value)));
  if (path === '/api/contents/{id}/{version}') {
    return ids.versions.map(({ content_id, version }) => `/api/contents/${content_id}/${version}`);
  }
  if (path.startsWith('/api/contents/sites/')) return put(siteIds);
  if (path.startsWith('/api/templates/')) return put(ids.templates);
  if (path.startsWith('/api/builds/')) return put(ids.builds);
  if (path.startsWith('/api/media/')) return put(ids.media.map((row) => row.content_id));
  if (path.startsWith('/api/contents/list/')) return put(ids.types);
  if (param === 'job_id') return put(ids.mediaJobs);
  if (param === 'site_id') return put(siteIds);
  if (param === 'user_id') return put(ids.users);
  if (param === 'role_id') return put(ids.roles);
  if (param === 'siteName') return put(ids.sites.map((site) => site.site_name));
  expect(param, `a GET path the crawl cannot fill: ${path}`).toBe('id');
  return put(ids.content);
}

function fillQuery(names: string[], siteIds: string[], pageUrls: string[]): string[] {
  let searches: URLSearchParams[] = [new URLSearchParams()];
  const values: Record<string, string[]> = {
    site_id: siteIds,
    mode: ['delivery', 'preview'],
    page_url: pageUrls,
  };
  for (const name of names) {
    const options = values[name];
    expect(options, `a required query parameter the crawl cannot fill: ${name}`).toBeDefined();
    searches = searches.flatMap((search) =>
      options!.map((value) => new URLSearchParams([...search, [name, value]])),
    );
  }
  return searches.map((search) => (search.size > 0 ? `?${search}` : ''));
}

/** Each address whose answer differs, with the answers from their first difference on. */
export function differences(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const found: string[] = [];
  for (const url of new Set([...expected.keys(), ...actual.keys()])) {
    const [a = '(none)', b = '(none)'] = [expected.get(url), actual.get(url)];
    if (a === b) continue;
    let at = 0;
    while (at < a.length && a[at] === b[at]) at += 1;
    const from = Math.max(0, at - 40);
    found.push(`${url}: ...${a.slice(from, at + 80)} | ...${b.slice(from, at + 80)}`);
  }
  return found;
}
