/**
 * Live events between two real instances (`canopy start`) on one fresh PostgreSQL database: a
 * write on A reaches an event stream open on B (in order, resumable from B's ids, and B's menus
 * already show it), presence told to A is seen on B, and a lock request made on B reaches the
 * holder on A, whose handover comes back to B; when B may have missed events, its streams are
 * told to reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCanopy, type RunningCanopy } from '../../../../e2e/harness';
import { adminApi, pageId, type Api } from '../../../../e2e/publishing';
import { openEvents, type EventReader, type StreamEvent } from '../events/stream';
import { admin, SERVER } from './postgres';

const DATABASE = `canopy_live_${process.pid}_${Date.now()}`;

describe('live events across two instances on one PostgreSQL database', () => {
  const shared = mkdtempSync(join(tmpdir(), 'canopy-live-'));
  let a: RunningCanopy;
  let b: RunningCanopy;
  let adminA: Api;
  let adminB: Api;
  let editorB: Api;
  const readers: EventReader[] = [];

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${DATABASE}"`);
    const env = {
      DATABASE_URL: `${SERVER}/${DATABASE}`,
      CANOPY_DATA_DIR: shared,
      // Tokens name the balancer's address as their issuer: the same for both.
      CANOPY_PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
      CANOPY_BUILD_ON_START: 'false',
      CANOPY_RENDER_WARM: 'false',
      CANOPY_RENDER_THREADS: '1',
    };
    // One at a time: the first brings the database's schema up and seeds it.
    a = await startCanopy(env);
    b = await startCanopy(env);
    [adminA, adminB, editorB] = await Promise.all([
      adminApi(a),
      adminApi(b),
      adminApi(b, 'editor'),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await Promise.all([a, b].filter(Boolean).map((server) => server.stop()));
    await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    rmSync(shared, { recursive: true, force: true });
  }, 60_000);

  /** A stream open on `server`, once it said it is ready (or resumed from `lastEventId`). */
  async function stream(server: RunningCanopy, api: Api, lastEventId?: string) {
    const reader = await openEvents(server.base, api.token, lastEventId);
    readers.push(reader);
    if (!lastEventId) await reader.next((event) => event.event === 'ready', 10_000);
    return reader;
  }
  /** A new draft of the page, locked by `api`'s user. */
  async function lockedDraft(api: Api, contentId: string): Promise<void> {
    const latest = await api('GET', `/api/contents/${contentId}`);
    await api('POST', '/api/contents/draftfromversion', {
      content_id: contentId,
      version: latest.version,
    });
    await api('PUT', `/api/lockcontents/${contentId}`);
  }
  const about =
    (id: string, action: string, after = '') =>
    (event: StreamEvent) =>
      event.id !== after && event.data.content_id === id && event.data.action === action;
  const lockOfInMenus = async (api: Api, id: string) => {
    type Item = { content_id: string; locked_by: string | null; children: Item[] };
    const find = (items: Item[]): Item | undefined =>
      items.reduce<Item | undefined>(
        (found, item) => found ?? (item.content_id === id ? item : find(item.children)),
        undefined,
      );
    return find((await api('GET', '/api/menus')) as Item[])?.locked_by;
  };

  it("delivers A's writes to a stream on B, in order, and B's menus show them by then", async () => {
    const careers = await pageId(adminA, '/careers');
    await lockedDraft(adminA, careers);
    await adminA('PUT', `/api/unlockcontents/${careers}`);
    const onB = await stream(b, adminB);
    await adminA('PUT', `/api/lockcontents/${careers}`);
    const locked = await onB.next(about(careers, 'lock'), 10_000);
    expect(locked.data).toMatchObject({
      type: 'content',
      by: 'admin',
      by_name: expect.any(String),
    });
    // Whoever reads again on hearing the event reads the new state on B.
    expect(await lockOfInMenus(adminB, careers)).toBe('admin');

    await adminA('PUT', `/api/unlockcontents/${careers}`);
    await adminA('PUT', `/api/lockcontents/${careers}`);
    const relocked = await onB.next(about(careers, 'lock', locked.id), 10_000);
    const mine = onB.events.filter((event) => event.data.content_id === careers);
    expect(mine.map((event) => event.data.action)).toEqual(['lock', 'unlock', 'lock']);
    // B numbers them in its own sequence, one after the other.
    const numbers = mine.map((event) => Number(event.id.split('-')[1]));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(new Set(mine.map((event) => event.id.split('-')[0])).size).toBe(1);
    expect(await lockOfInMenus(adminB, careers)).toBe('admin');

    // A stream that dropped resumes on B from B's id with what A did meanwhile.
    onB.close();
    await adminA('PUT', `/api/unlockcontents/${careers}`);
    const resumed = await stream(b, adminB, relocked.id);
    const missed = await resumed.next(about(careers, 'unlock'), 10_000);
    expect(resumed.events.map((event) => event.event)).not.toContain('reset');
    expect(missed.data).toMatchObject({ by: 'admin' });
    // An id of B's means nothing to A: a stream that moves to A starts over.
    const moved = await stream(a, adminA, missed.id);
    expect((await moved.next((event) => event.event === 'reset', 10_000)).event).toBe('reset');
  });

  it('shows on B who has an item open on A, and when they left', async () => {
    const team = await pageId(adminA, '/about/team');
    const onB = await stream(b, editorB);
    const here = await adminA('PUT', `/api/presence/${team}`);
    expect(here.viewers.map((viewer: { username: string }) => viewer.username)).toEqual(['admin']);
    const seen = await onB.next(
      (event) => event.event === 'presence' && event.data.content_id === team,
      10_000,
    );
    expect(seen.data.viewers).toEqual([{ username: 'admin', name: expect.any(String) }]);
    const onBNow = await editorB('GET', `/api/presence/${team}`);
    expect(onBNow.viewers).toEqual(seen.data.viewers);
    // Both on the same item, each through their own instance: each instance names both.
    const both = await editorB('PUT', `/api/presence/${team}`);
    expect(both.viewers.map((viewer: { username: string }) => viewer.username).sort()).toEqual([
      'admin',
      'editor',
    ]);
    await adminA('DELETE', `/api/presence/${team}`);
    const left = await onB.next(
      (event) =>
        event.event === 'presence' &&
        event.data.content_id === team &&
        JSON.stringify(event.data.viewers).indexOf('"admin"') < 0,
      10_000,
    );
    expect(left.data.viewers).toEqual([{ username: 'editor', name: expect.any(String) }]);
    expect((await adminA('GET', `/api/presence/${team}`)).viewers).toEqual(left.data.viewers);
  });

  it('takes a lock request made on B to the holder on A, and the handover back to B', async () => {
    const contact = await pageId(adminA, '/services/consulting');
    await lockedDraft(adminA, contact);
    const holder = await stream(a, adminA);
    const asker = await stream(b, editorB);
    const asked = await editorB('POST', `/api/lockcontents/${contact}/request`);
    expect(asked).toMatchObject({ from: 'editor', holder: 'admin' });
    const step = (name: string) => (event: StreamEvent) =>
      event.event === 'lock-request' &&
      event.data.content_id === contact &&
      event.data.step === name;
    const heard = await holder.next(step('requested'), 10_000);
    expect(heard.data).toMatchObject({ by: 'editor' });
    // The holder's instance knows the request made on the other one.
    expect(await adminA('GET', `/api/lockcontents/${contact}/request`)).toMatchObject({
      from: 'editor',
    });
    await adminA('PUT', `/api/lockcontents/${contact}/request`, { answer: 'handover' });
    const answered = await asker.next(step('handed-over'), 10_000);
    expect(answered.data).toMatchObject({ by: 'admin' });
    await asker.next(about(contact, 'handover'), 10_000);
    expect(await lockOfInMenus(editorB, contact)).toBe('editor');
    expect(await editorB('GET', `/api/lockcontents/${contact}/request`)).toBeNull();
  });

  it('tells the streams on B to reload when B may have missed events, and goes on after', async () => {
    const careers = await pageId(adminA, '/careers');
    const onB = await stream(b, adminB);
    // Both instances lose their listening connections: what is sent meanwhile is missed.
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = '${DATABASE}' AND application_name = 'canopy-signals'`,
    );
    const reset = await onB.next((event) => event.event === 'reset', 20_000);
    await adminA('PUT', `/api/lockcontents/${careers}`);
    const after = await onB.next(about(careers, 'lock'), 10_000);
    // The lock comes after the reset, numbered in the sequence the reset started.
    expect(onB.events.indexOf(after)).toBeGreaterThan(onB.events.indexOf(reset));
    expect(after.id.split('-')[0]).toBe(reset.id.split('-')[0]);
  });
});
