/**
 * The first `canopy start` on an empty folder, as a new user runs it: the demo seed and the first
 * build run before the server listens (in a process of their own), so the sign-ins are printed
 * and the demo site is served from its build at once; a first password from the environment
 * that would be refused stops the start before anything is seeded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import type { DialectName } from '../../src/db/index';
import { admin } from './transfer-helpers';

// The compiled command line (test/setup/server-bundle.global.ts), as `npm start` runs it.
const BIN = resolve(__dirname, '../../dist/canopy.mjs');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

describe.each(DIALECTS)('the first canopy start on %s', { timeout: 180_000 }, (dialect) => {
  const folders: string[] = [];
  const databases: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
    for (const name of databases.splice(0))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** SQLite in the data folder, or a new PostgreSQL database of the test's own. */
  async function databaseUrl(kind: DialectName): Promise<string> {
    if (kind === 'sqlite') return '';
    const name = `canopy_first_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** `canopy start` on a new folder: its output until it runs (or exits), and a way to stop it. */
  async function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'canopy-first-'));
    folders.push(dataDir);
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CANOPY_DATA_DIR: dataDir,
      DATABASE_URL: await databaseUrl(dialect),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    };
    for (const name of ['CANOPY_PUBLIC_URL', 'CANOPY_ADMIN_PASSWORD', 'CANOPY_DEMO_PASSWORD'])
      if (!(name in env)) delete childEnv[name];
    const server = spawn(process.execPath, [BIN, 'start'], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const outcome = await new Promise<{ running: boolean; code: number | null }>((settle) => {
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('API documentation')) settle({ running: true, code: null });
      });
      server.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      server.once('exit', (code) => settle({ running: false, code }));
    });
    const stop = async () => {
      if (server.exitCode === null && server.signalCode === null)
        await new Promise((stopped) => server.once('exit', stopped).kill('SIGTERM'));
    };
    return { ...outcome, out: () => out, port, stop };
  }

  it('prints the generated sign-ins and serves the demo site from its first build at once', async () => {
    const server = await start({});
    try {
      expect(server.running, server.out()).toBe(true);
      expect(server.out()).toContain(
        `(database: ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
      );
      expect(server.out()).toContain('The demo site "Canopy Demo" was created.');
      const accounts = [...server.out().matchAll(/user '(\w+)'\s+password (\S+)/g)];
      expect(accounts.map(([, user]) => user).sort()).toEqual(['admin', 'author', 'editor']);
      for (const [, , password] of accounts) expect(password!.length).toBeGreaterThanOrEqual(10);
      // Served from the build (a built page has its ETag), not rendered on request.
      const home = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(await home.text()).toContain('Canopy Demo');
    } finally {
      await server.stop();
    }
  });

  it('refuses a weak first password from the environment before seeding anything', async () => {
    const refused = await start({ CANOPY_ADMIN_PASSWORD: 'short' });
    expect(refused.running).toBe(false);
    expect(refused.code).not.toBe(0);
    expect(refused.out()).toContain(
      'CANOPY_ADMIN_PASSWORD: A password needs at least 10 characters',
    );
    expect(refused.out()).not.toContain('was created');
  });
});
