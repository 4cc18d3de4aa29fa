/**
 * `canopy build --api`: the export read over a listening server's API with an API key writes the
 * same files, byte for byte, as the export read from that server's database; and its failures
 * (unreachable, refused key, unknown site) are one-line messages.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import { createApiKey } from '../../src/operations/apikeys/create-api-key';
import { databaseSource, exportSite } from '../../src/publishing/export';
import { apiSource } from '../../src/publishing/remote-source';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, stageChange, startDemo } from './helpers';

// The compiled command line (test/setup/server-bundle.global.ts), as `npm start` runs it.
const BIN = resolve(__dirname, '../../dist/canopy.mjs');
const UNKNOWN_SITE = '00000000-0000-4000-8000-000000000099';

/** Every file below a folder: relative path -> bytes. */
async function filesIn(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), await readFile(path));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe.each(DIALECTS)('canopy build --api (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let api: string;
  let publishedKey: string;
  let roleKey: string;
  beforeAll(async () => {
    t = await startDemo(dialect);
    await stageChange(
      t,
      await contentIdOf(t, '/about/history'),
      DEMO_TEMPLATES.blocks.page.summary,
      'Staged for preview.',
    );
    publishedKey = (await createApiKey(t.db, SYSTEM_ACTOR, { name: 'ci', scope: 'published' })).key;
    roleKey = (
      await createApiKey(t.db, SYSTEM_ACTOR, { name: 'pre', scope: 'role', roleId: 'author' })
    ).key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'canopy-export-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = (name: string) => ({
    out: join(dir, name),
    cacheDir: join(dir, '.cache'),
    publishing: t.app.publishing.config,
  });
  /** An export over the API into `name`, by default of the demo site on the test server. */
  const fromApi = (
    name: string,
    source: { mode: 'delivery' | 'preview'; apiKey: string; siteId?: string; api?: string },
  ) => exportSite(apiSource({ api, siteId: DEMO_SITE_ID, ...source }), settings(name));

  it('writes the same files over the API as from the database, for delivery and preview', async () => {
    for (const [mode, key] of [
      ['delivery', publishedKey],
      ['preview', roleKey],
    ] as const) {
      const local = await exportSite(
        databaseSource(t.db, DEMO_SITE_ID, mode),
        settings(`local-${mode}`),
      );
      const remote = await fromApi(`remote-${mode}`, { mode, apiKey: key });
      expect(remote.pages).toBe(local.pages);
      const want = await filesIn(join(dir, `local-${mode}`));
      const got = await filesIn(join(dir, `remote-${mode}`));
      expect([...got.keys()]).toEqual([...want.keys()]);
      expect([...want.keys()]).toEqual(
        expect.arrayContaining(['404.html', '_canopy/site.css', 'index.html', 'about/index.html']),
      );
      for (const [path, bytes] of want) expect(got.get(path)!.equals(bytes), path).toBe(true);
      const history = want.get('about/history/index.html')!.toString();
      expect(history.includes('Staged for preview.')).toBe(mode === 'preview');
    }
  });

  it('says in one line when the server is unreachable, the key is refused or the site unknown', async () => {
    const closed = await closedPort();
    await expect(
      fromApi('x', { mode: 'delivery', apiKey: publishedKey, api: `http://127.0.0.1:${closed}` }),
    ).rejects.toThrow(
      `Cannot reach the Canopy server at http://127.0.0.1:${closed} (ECONNREFUSED)`,
    );
    await expect(fromApi('x', { mode: 'delivery', apiKey: 'cnp_wrong' })).rejects.toThrow(
      /^The server refused the API key \(401\): it is wrong or has been revoked/,
    );
    await expect(fromApi('x', { mode: 'preview', apiKey: publishedKey })).rejects.toThrow(
      /^The API key may not read the preview target of site .+ \(403\).*--published reads delivery only/,
    );
    await expect(
      fromApi('x', { mode: 'delivery', apiKey: publishedKey, siteId: UNKNOWN_SITE }),
    ).rejects.toThrow(`There is no site ${UNKNOWN_SITE} on ${api} (404)`);
  });

  // A new process compiling the command line takes seconds: once, on one database (the
  // command's database plays no part in a build from another server).
  const onFirstDialect = dialect === DIALECTS[0] ? it : () => undefined;
  onFirstDialect(
    'exits non-zero with that line and no stack trace from the command line',
    async () => {
      const failed = await promisify(execFile)(
        process.execPath,
        [
          BIN,
          'build',
          '--api',
          `${api}/api/`,
          '--api-key',
          'cnp_wrong',
          '--site',
          DEMO_SITE_ID,
          '--out',
          join(dir, 'cli'),
        ],
        { env: { ...process.env, CANOPY_DATA_DIR: dir } },
      ).catch((error: { code: number; stdout: string; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1, stdout: '' });
      expect((failed as { stderr: string }).stderr.trim()).toMatch(
        /^canopy: The server refused the API key \(401\): it is wrong or has been revoked[^\n]*$/,
      );
    },
  );
});
