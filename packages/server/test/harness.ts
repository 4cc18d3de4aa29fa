/**
 * Integration-test harness: a real Fastify app on a real database, SQLite always and PostgreSQL
 * when TEST_DATABASE_URL is set (each app gets its own schema there). Requests go through
 * `app.inject`, the real HTTP layer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { build } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type DialectName, type Db } from '../src/db/index';
import { ensureBuiltInRoles } from '../src/operations/users/roles';
import { createUser } from '../src/operations/users/create-user';

export const DIALECTS: DialectName[] = [
  'sqlite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

/** A fresh PostgreSQL schema's name for one test's tables (dropped with `dropTestSchema`). */
export const testSchemaName = () => `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** Drops a test's schema on TEST_DATABASE_URL with everything in it. */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dialect: DialectName;
  /** A bearer token for a user, creating the user (with the given roles) if needed. */
  tokenFor(username: string, roleIds?: string[]): Promise<string>;
  /** Sends a request as a user (default: an administrator named "admin"). */
  request(options: InjectOptions & { as?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Kysely's migrator looks through every schema of the database (its table introspection calls
 * has_schema_privilege on each), so a schema another suite drops at that moment fails this
 * migration with "schema ... does not exist". That is not this app's schema: try again.
 */
export async function migratingTestDatabase<T>(
  schema: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const gone = /schema "(t_\w+)" does not exist/.exec(String(error));
      if (!gone || gone[1] === schema || attempt >= 5) throw error;
    }
  }
}

/** Opens a test's database and brings it up to date (or to `upTo`), as above. */
export function openTestDatabase(
  options: Parameters<typeof openDatabase>[0],
): ReturnType<typeof openDatabase> {
  return migratingTestDatabase(options.schema, () => openDatabase(options));
}

/**
 * `overrides` replace parts of the configuration (e.g. `auth: loadAuthConfig({ ... })`).
 * `databaseUrl`: a PostgreSQL database of the test's own that several apps share (kept at close).
 */
export async function startApp(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  { databaseUrl }: { databaseUrl?: string } = {},
): Promise<TestApp> {
  let dir: string | undefined;
  let schema: string | undefined;
  if (dialect === 'sqlite') dir = mkdtempSync(join(tmpdir(), 'canopy-test-'));
  else if (!databaseUrl) schema = testSchemaName();

  const database = await openTestDatabase({
    url: dialect === 'postgres' ? (databaseUrl ?? process.env.TEST_DATABASE_URL) : undefined,
    sqliteFile: dir ? join(dir, 'canopy.sqlite') : ':memory:',
    schema,
  });
  await ensureBuiltInRoles(database.db);
  const app = await build({
    database,
    logger: false,
    config: {
      dataDir: dir ?? tmpdir(),
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      ...overrides,
    },
  });
  await app.ready();

  const tokens = new Map<string, string>();
  async function tokenFor(username: string, roleIds?: string[]): Promise<string> {
    const cached = tokens.get(username);
    if (cached) return cached;
    let user = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) {
      const roles = roleIds ?? (username === 'admin' ? ['administrator'] : []);
      const name = username.charAt(0).toUpperCase() + username.slice(1);
      user = {
        user_id: await createUser(database.db, {
          username,
          given_name: name,
          family_name: 'Tester',
          roleIds: roles,
        }),
      };
    }
    const token = await app.canopy.tokens.sign(
      { sub: user.user_id, preferred_username: username },
      3600,
    );
    tokens.set(username, token);
    return token;
  }

  return {
    app,
    db: database.db,
    dialect,
    tokenFor,
    async request({ as = 'admin', headers, ...options }) {
      const auth = as === null ? {} : { authorization: `Bearer ${await tokenFor(as)}` };
      return app.inject({ ...options, headers: { ...auth, ...headers } });
    },
    async close() {
      await app.close();
      await database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (schema) await dropTestSchema(schema);
    },
  };
}
