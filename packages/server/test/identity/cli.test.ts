/** The `canopy` command line's identity commands, run as a person would run them. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';

const run = promisify(execFile);
// The compiled command line (test/setup/server-bundle.global.ts), as `npm start` runs it.
const BIN = resolve(__dirname, '../../dist/canopy.mjs');

// Each command is a fresh Node process: generous limits for a busy machine.
describe('canopy user, apikey and token commands', { timeout: 120_000 }, () => {
  let dataDir: string;
  /** The environment of a command: the test's data folder, SQLite, and `port` unless null. */
  const envFor = (port: string | null) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CANOPY_DATA_DIR: dataDir, DATABASE_URL: '' };
    delete env.CANOPY_PUBLIC_URL;
    delete env.PORT;
    if (port !== null) env.PORT = port;
    return env;
  };
  const canopyWith = async (port: string | null, ...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [BIN, ...args], { env: envFor(port) });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
    }
  };
  const canopy = (...args: string[]) => canopyWith('3000', ...args);

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'canopy-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds a user with a generated password, lists, disables and re-enables them', async () => {
    const added = await canopy('user', 'add', 'nina', '--role', 'editor', '--given-name', 'Nina');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^Added 'nina' \([0-9a-f-]{36}\) with roles: editor$/m);
    expect(added.out).toMatch(/^Password \(shown this once\): [A-Za-z0-9]{20}$/m);

    expect((await canopy('user', 'set-roles', 'nina', 'author,editor')).out).toBe(
      "'nina' now has roles: author, editor",
    );
    expect((await canopy('user', 'list')).out).toMatch(/^nina\tactive\tauthor,editor\t/m);

    expect((await canopy('user', 'disable', 'nina')).out).toBe("'nina' is now disabled");
    const refused = await canopy('token', '--user', 'nina');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('canopy: The user "nina" is disabled');
    await canopy('user', 'enable', 'nina');

    const token = await canopy('token', '--user', 'nina', '--ttl', '60');
    expect(token.code).toBe(0);
    const claims = decodeJwt(token.out);
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000/oidc',
      aud: 'canopy-api',
      preferred_username: 'nina',
    });
    expect(claims.exp! - claims.iat!).toBe(60);
  });

  it('refuses unknown roles and users with a message', async () => {
    const role = await canopy('user', 'add', 'olga', '--role', 'wizard');
    expect(role.code).toBe(1);
    expect(role.out).toBe('canopy: Role wizard was not found');
    const user = await canopy('user', 'disable', 'nobody');
    expect(user.out).toBe('canopy: User nobody was not found');
  });

  it('creates, lists and revokes API keys', async () => {
    const created = await canopy('apikey', 'create', 'site-builder', '--published');
    expect(created.code).toBe(0);
    const key = created.out.split('\n').pop()!;
    expect(key).toMatch(/^cnp_[A-Za-z0-9_-]{43}$/);
    const list = await canopy('apikey', 'list');
    expect(list.out).toMatch(
      new RegExp(`^site-builder\\t${key.slice(0, 12)}\\.\\.\\.\\tpublished\\tactive\\t`, 'm'),
    );
    expect(list.out).not.toContain(key);
    expect((await canopy('apikey', 'revoke', 'site-builder')).out).toBe(
      "Revoked API key 'site-builder'",
    );
    expect((await canopy('apikey', 'list')).out).toMatch(/^site-builder\t.*\trevoked /m);
    const both = await canopy('apikey', 'create', 'x', '--published', '--role', 'editor');
    expect(both.out).toBe('canopy: Give exactly one of --published or --role <role>');
  });

  it('gives a token for the running server without being told its PORT', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => done(port));
      });
    });
    const server = spawn(process.execPath, [BIN, 'start'], {
      env: { ...envFor(String(port)), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((started, failed) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Canopy is running')) started();
        });
        server.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        server.once('exit', (code) => failed(new Error(`canopy start exited (${code}): ${out}`)));
      });
      const token = await canopyWith(null, 'token', '--user', 'admin');
      expect(token.code).toBe(0);
      expect(decodeJwt(token.out).iss).toBe(`http://localhost:${port}/oidc`);
      const menus = await fetch(`http://127.0.0.1:${port}/api/menus`, {
        headers: { authorization: `Bearer ${token.out}` },
      });
      expect(menus.status).toBe(200);
    } finally {
      if (server.exitCode === null) {
        await new Promise((stopped) => server.once('exit', stopped).kill('SIGTERM'));
      }
    }
  });
});
