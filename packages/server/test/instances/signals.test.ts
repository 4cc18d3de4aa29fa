/**
 * Two app instances in one process on one fresh PostgreSQL database and one storage folder: a
 * write on one is seen by the next read on the other (menus, published pages, locks, where a
 * site is served, the build a target serves), also in a tight loop; and an instance that lost
 * its signals connection, went deaf on it or missed a message forgets everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/app';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_SITE, pageId, stageTitle, type Api } from '../../../../e2e/publishing';
import { admin, SERVER, until } from './postgres';

const DATABASE = `canopy_signals_${process.pid}_${Date.now()}`;
const TITLE = '7e000000-0000-4000-8000-000000101003';

/** What B shows right after A's write: asked again every 20 ms for at most a second. */
const soon = <T>(what: string, probe: () => Promise<T | undefined>) => until(what, probe, 1000, 20);

describe('instances on one PostgreSQL database', () => {
  const shared = mkdtempSync(join(tmpdir(), 'canopy-signals-'));
  const url = `${SERVER}/${DATABASE}`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let apiA: Api;
  let apiB: Api;

  const start = () => build({ logger: false, config: { databaseUrl: url, dataDir: shared } });

  function api(app: FastifyInstance, token: string): Api {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode >= 400)
        throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.body ? response.json() : undefined;
    };
    return Object.assign(call, { token });
  }

  /** The page's draft, locked by the admin: its latest version when that is one, else a new one. */
  async function draftOf(contentId: string) {
    const latest = await apiA('GET', `/api/contents/${contentId}`);
    const draft =
      latest.status_id === 'draft'
        ? latest
        : await apiA('POST', '/api/contents/draftfromversion', {
            content_id: contentId,
            version: latest.version,
          });
    await apiA('PUT', `/api/lockcontents/${contentId}`);
    return apiA('GET', `/api/contents/${contentId}/${draft.version}`);
  }

  async function titleOn(app: FastifyInstance, path: string, host = 'localhost') {
    const response = await app.inject({ url: path, headers: { host } });
    if (response.statusCode !== 200) return undefined;
    return /<h1[^>]*>([^<]*)<\/h1>/.exec(response.body)?.[1];
  }

  /** The database's connections other than this one (named `name`, when given). */
  async function connections(name?: string): Promise<number[]> {
    const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND ($2::text IS NULL OR application_name = $2)`,
        [DATABASE, name ?? null],
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${DATABASE}"`);
    process.env.CANOPY_BUILD_ON_START = 'false';
    process.env.CANOPY_RENDER_THREADS = '1';
    // Checks twice a second: a deaf listening connection is replaced within seconds.
    process.env.CANOPY_SIGNALS_CHECK_SECONDS = '0.5';
    a = await start();
    await seedIfEmpty(a.canopy.db, a.canopy.storage);
    await a.ready();
    b = await start();
    await b.ready();
    const user = await a.canopy.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const token = await a.canopy.tokens.sign(
      { sub: user.user_id, preferred_username: 'admin' },
      3600,
    );
    apiA = api(a, token);
    apiB = api(b, token);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    // Pools end their connections after they close: dropping the database under them would fail them.
    await until(
      'the connections to end',
      async () => ((await connections()).length === 0 ? true : undefined),
      10_000,
    ).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    rmSync(shared, { recursive: true, force: true });
  }, 60_000);

  type Item = Record<string, unknown> & { content_id: string; children?: Item[] };
  const find = (items: Item[], id: string): Item | undefined => {
    for (const item of items) {
      const found = item.content_id === id ? item : find(item.children ?? [], id);
      if (found) return found;
    }
    return undefined;
  };
  const menuItem = async (api: Api, id: string) => find(await api('GET', '/api/menus'), id);

  /** B's answer once it is `wanted` (B is asked again until then, for at most a second). */
  const onB = <T>(what: string, read: () => Promise<T>, wanted: T) =>
    soon(what, async () => {
      const answer = await read();
      return answer === wanted ? answer : undefined;
    });

  it("shows in B's menus a save made on A", async () => {
    const careers = await pageId(apiA, '/careers');
    const name = async () => (await menuItem(apiB, careers))?.content_name;
    // B holds its menus in its read cache before the save.
    expect(await name()).toBe('Careers');
    const draft = await draftOf(careers);
    await apiA('PUT', `/api/contents/${careers}`, {
      version: draft.version,
      updated_date: draft.updated_date,
      content_name: 'Renamed on A',
    });
    expect(await onB('the new name', name, 'Renamed on A')).toBe('Renamed on A');
  });

  it("shows a lock taken on A in B's menu, and its release", async () => {
    const careers = await pageId(apiA, '/careers');
    const lockOf = async () => (await menuItem(apiB, careers))?.locked_by ?? null;
    await draftOf(careers);
    expect(await lockOf()).toBe('admin');
    await apiA('PUT', `/api/unlockcontents/${careers}`);
    expect(await onB('the release', lockOf, null)).toBeNull();
    await apiA('PUT', `/api/lockcontents/${careers}`);
    expect(await onB('the lock', lockOf, 'admin')).toBe('admin');
  });

  it('shows on B what a publish on A published, and serves its build within a second', async () => {
    const team = await pageId(apiA, '/about/team');
    const published = () =>
      apiB('GET', `/api/contents?site_id=${DEMO_SITE}&page_url=/about/team`).then(
        (page) => page.content_fields[TITLE]?.field_value as string,
      );
    const before = await published();
    await stageTitle(apiA, team, 'Built on A');
    expect(before).not.toBe('Built on A');
    const { build_id } = await apiA('POST', '/api/builds', {
      mode: 'delivery',
      site_id: DEMO_SITE,
      build_definition_id: '263',
      build_type: 'both',
    });
    expect(await onB('the published title', published, 'Built on A')).toBe('Built on A');
    await until('the build', async () => {
      const { status } = await apiA('GET', `/api/builds/${build_id}`);
      return status === 'succeeded' ? status : undefined;
    });
    expect(await soon('B to serve it', () => titleOn(b, '/about/team'))).toBe('Built on A');
  });

  it('serves a site on B at the host name set on A', async () => {
    const title = (host: string) => () => titleOn(b, '/about/team', host);
    expect(await title('other.signals.test')()).toBe('Built on A');
    await apiA('PUT', `/api/sites/${DEMO_SITE}`, {
      targets: {
        delivery: { hosts: ['www.signals.test'], base_path: '/' },
        preview: { hosts: [], base_path: '/preview' },
      },
    });
    expect(await onB('the new host', title('www.signals.test'), 'Built on A')).toBe('Built on A');
    expect(await title('other.signals.test')()).toBeUndefined();
  });

  it('keeps B current through a tight loop of saves, locks and unlocks on A', async () => {
    const careers = await pageId(apiA, '/careers');
    let draft = await draftOf(careers);
    let reading = true;
    // Another reader on B all along, so that reads race the changes.
    const reader = (async () => {
      while (reading) {
        await menuItem(apiB, careers);
        await new Promise((done) => setTimeout(done, 5));
      }
    })();
    const behind: string[] = [];
    for (let round = 0; round < 50; round++) {
      if (round % 3 === 0) {
        await apiA('PUT', `/api/unlockcontents/${careers}`);
        await apiA('PUT', `/api/lockcontents/${careers}`);
      }
      const { updated_date } = await apiA('PUT', `/api/contents/${careers}`, {
        version: draft.version,
        updated_date: draft.updated_date,
        content_name: `Round ${round}`,
      });
      draft = { ...draft, updated_date };
      const name = async () => (await menuItem(apiB, careers))?.content_name;
      await onB(`round ${round}`, name, `Round ${round}`).catch(async () =>
        behind.push(`round ${round}: B shows ${await name()}`),
      );
    }
    reading = false;
    await reader;
    expect(behind).toEqual([]);
  }, 120_000);

  /** A message on the channel as if sent by an instance `origin` as its `number`th. */
  async function notifyAs(origin: string, number: number, kind: string, payload: unknown) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const text = JSON.stringify({ o: `${origin}:${number}`, k: kind, p: payload });
      await client.query('SELECT pg_notify($1, $2)', ['canopy_changes', text]);
    } finally {
      await client.end();
    }
  }

  /** Locks of the two pages changed behind the instances' backs (nobody is told). */
  const unlockQuietly = (ids: string[]) =>
    a.canopy.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', 'in', ids)
      .execute();
  const lockOnB = async (id: string) => (await menuItem(apiB, id))?.locked_by ?? null;

  it("keeps B's menus through a write on A that changed nothing they show", async () => {
    const careers = await pageId(apiA, '/careers');
    const team = await pageId(apiA, '/about/team');
    await draftOf(careers);
    const draft = await draftOf(team);
    expect([await lockOnB(careers), await lockOnB(team)]).toEqual(['admin', 'admin']);
    // A change nobody is told of: B's menu shows it only if B builds the menu again.
    await unlockQuietly([careers]);
    await apiA('PUT', `/api/contents/${team}`, { version: draft.version, status_id: 'staged' });
    // A's next change reaches B after the one before it.
    await apiA('PUT', `/api/unlockcontents/${team}`);
    expect(await onB('the release of the team page', () => lockOnB(team), null)).toBeNull();
    expect(await lockOnB(careers)).toBe('admin');
    await apiA('PUT', `/api/lockcontents/${careers}`);
    await apiA('PUT', `/api/lockcontents/${team}`);
    await apiA('PUT', `/api/contents/${team}`, { version: draft.version, status_id: 'draft' });
  });

  it("patches a rename on A into B's menus and builds nothing else again", async () => {
    const careers = await pageId(apiA, '/careers');
    const team = await pageId(apiA, '/about/team');
    await draftOf(careers);
    const draft = await draftOf(team);
    expect(await lockOnB(careers)).toBe('admin');
    // A change nobody is told of: B's menu shows it only if B builds the menu again.
    await unlockQuietly([careers]);
    const { updated_date } = await apiA('PUT', `/api/contents/${team}`, {
      version: draft.version,
      updated_date: draft.updated_date,
      content_name: 'The team, renamed',
    });
    const name = async () => (await menuItem(apiB, team))?.content_name;
    expect(await onB('the new name of the team page', name, 'The team, renamed')).toBe(
      'The team, renamed',
    );
    expect(await lockOnB(careers)).toBe('admin');
    await apiA('PUT', `/api/contents/${team}`, {
      version: draft.version,
      updated_date,
      content_name: draft.content_name,
    });
    await apiA('PUT', `/api/lockcontents/${careers}`);
  });

  it("edits a move on A into B's menus and builds nothing else again", async () => {
    const careers = await pageId(apiA, '/careers');
    const team = await pageId(apiA, '/about/team');
    await draftOf(careers);
    await draftOf(team);
    const before = (await menuItem(apiA, team))!;
    expect(await lockOnB(careers)).toBe('admin');
    // A change nobody is told of: B's menu shows it only if B builds the menu again.
    await unlockQuietly([careers]);
    await apiA('PUT', `/api/contents/${team}`, { parent_id: careers, content_order: 1 });
    const parent = async () => (await menuItem(apiB, team))?.parent_id;
    expect(await onB('the team page under careers', parent, careers)).toBe(careers);
    expect(await lockOnB(careers)).toBe('admin');
    await apiA('PUT', `/api/contents/${team}`, {
      parent_id: before.parent_id,
      content_order: before.content_order,
    });
    await apiA('PUT', `/api/lockcontents/${careers}`);
  });

  it('forgets everything when it sees that it missed a message from another instance', async () => {
    const careers = await pageId(apiA, '/careers');
    const team = await pageId(apiA, '/about/team');
    await draftOf(careers);
    await draftOf(team);
    expect([await lockOnB(careers), await lockOnB(team)]).toEqual(['admin', 'admin']);
    await unlockQuietly([careers, team]);
    // Messages 1 and 2: nothing missed; the second tells B of the team page's lock only.
    await notifyAs('another-instance', 1, 'check', null);
    await notifyAs('another-instance', 2, 'cache', { kind: 'lock', contentId: team });
    expect(
      await until('B to hear of the team page', async () =>
        (await lockOnB(team)) === null ? 'heard' : undefined,
      ),
    ).toBe('heard');
    expect(await lockOnB(careers)).toBe('admin');
    // Message 4 after 2: B missed one and starts afresh.
    await notifyAs('another-instance', 4, 'check', null);
    expect(
      await until('B to forget its menu', async () =>
        (await lockOnB(careers)) === null ? 'forgotten' : undefined,
      ),
    ).toBe('forgotten');
  });

  it('replaces a listening connection that stopped hearing, and forgets everything', async () => {
    const careers = await pageId(apiA, '/careers');
    await draftOf(careers);
    expect(await lockOnB(careers)).toBe('admin');
    const before = await connections('canopy-signals');
    // B's connection stays open but hears nothing more (as behind a proxy that dropped the LISTEN).
    const listening = (b.canopy.signals as unknown as { client: pg.Client }).client;
    await listening.query('UNLISTEN canopy_changes');
    await apiA('PUT', `/api/unlockcontents/${careers}`);
    expect(await lockOnB(careers)).toBe('admin');
    expect(
      await until('B to hear again and forget its menu', async () =>
        (await lockOnB(careers)) === null ? 'forgotten' : undefined,
      ),
    ).toBe('forgotten');
    const after = await connections('canopy-signals');
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => !before.includes(pid))).toHaveLength(1);
  });

  it('forgets everything after its signals connection was lost and is back', async () => {
    const careers = await pageId(apiA, '/careers');
    const listeners = () => connections('canopy-signals');
    const before = await listeners();
    expect(before).toHaveLength(2);
    await draftOf(careers);
    expect(await menuItem(apiB, careers)).toMatchObject({ locked_by: 'admin' });
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY('{${before.join(',')}}')`,
    );
    // Written while nobody listens: B hears of it only by starting afresh once it is back.
    await a.canopy.db
      .updateTable('content_items')
      .set({ locked_by: null })
      .where('content_id', '=', careers)
      .execute();
    await until('both to listen again', async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
    });
    expect(
      await until('B to forget its menu', async () => {
        const item = await menuItem(apiB, careers);
        return item?.locked_by === null ? item : undefined;
      }),
    ).toMatchObject({ locked_by: null });
  });
});
