/**
 * The live event stream: events about items the caller may read, only those; resumed after a
 * dropped connection from Last-Event-ID; lapsed locks and presence announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, ok, type World } from '../contents/fixtures';
import { openEvents, type EventReader, type StreamEvent } from './stream';

describe.each(DIALECTS)('live events on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let base: string;
  const readers: EventReader[] = [];
  beforeAll(async () => {
    t = await startApp(dialect, { lockLeaseSeconds: 2, presenceSeconds: 10 });
    world = await makeWorld(t.db);
    await t.tokenFor('nina', ['administrator']);
    await t.db
      .insertInto('roles')
      .values({ role_id: 'page-readers', role_name: 'Page Readers', role_rank: 5, is_admin: 0 })
      .execute();
    await t.tokenFor('rita', ['page-readers']);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  const open = async (as: string, lastEventId?: string) => {
    const reader = await openEvents(base, await t.tokenFor(as), lastEventId);
    readers.push(reader);
    return reader;
  };
  const about = (id: string, action?: string) => (event: StreamEvent) =>
    event.data.content_id === id && (action === undefined || event.data.action === action);
  const put = (url: string, as = 'admin') => t.request({ method: 'PUT', url, as });
  const readableByRita = async (id: string) =>
    ok(
      await t.request({
        method: 'PUT',
        url: '/api/permissions/page-readers',
        payload: { [id]: { Read: { permission: 1 } } },
      }),
    );

  it('refuses a caller who is not signed in', async () => {
    const res = await t.request({ method: 'GET', url: '/api/events', as: null });
    expect(res.statusCode).toBe(401);
  });

  it('carries only events about items the reader may read, in order', async () => {
    const shown = await createPage(t, world, 'Readable');
    const hidden = await createPage(t, world, 'Hidden');
    await readableByRita(shown.content_id);
    const rita = await open('rita');
    const nina = await open('nina');
    ok(await put(`/api/unlockcontents/${hidden.content_id}`));
    ok(await put(`/api/unlockcontents/${shown.content_id}`));
    ok(await put(`/api/lockcontents/${shown.content_id}`, 'nina'));

    const locked = await rita.next(about(shown.content_id, 'lock'));
    expect(locked.data).toMatchObject({
      type: 'content',
      action: 'lock',
      by: 'nina',
      by_name: 'Nina Tester',
    });
    await nina.next(about(shown.content_id, 'lock'));
    expect(nina.events.some(about(hidden.content_id, 'unlock'))).toBe(true);
    expect(rita.events.some(about(hidden.content_id))).toBe(false);
    const ritas = rita.events.filter((e) => e.event === 'content').map((e) => e.data.action);
    expect(ritas).toEqual(['unlock', 'lock']);
  });

  it('a save names the version; a failed write sends nothing', async () => {
    const page = await createPage(t, world, 'Saved Live');
    const nina = await open('nina');
    const refused = await put(`/api/lockcontents/${page.content_id}`, 'nina');
    expect(refused.statusCode).toBe(423);
    ok(
      await t.request({
        method: 'PUT',
        url: `/api/content/updatedinfo/${page.content_id}?version=1`,
      }),
    );
    const saved = await nina.next(about(page.content_id, 'save'));
    expect(saved.data).toMatchObject({ by: 'admin', version: 1 });
    expect(nina.events.filter(about(page.content_id)).map((e) => e.data.action)).toEqual(['save']);
  });

  it('resumes from Last-Event-ID without losing events; an unknown id resets', async () => {
    const page = await createPage(t, world, 'Resumed');
    const first = await open('nina');
    ok(await put(`/api/unlockcontents/${page.content_id}`));
    const seen = await first.next(about(page.content_id, 'unlock'));
    first.close();
    ok(await put(`/api/lockcontents/${page.content_id}`));
    ok(await put(`/api/unlockcontents/${page.content_id}`));
    const resumed = await open('nina', seen.id);
    await resumed.next(about(page.content_id, 'unlock'));
    expect(resumed.events.filter(about(page.content_id)).map((e) => e.data.action)).toEqual([
      'lock',
      'unlock',
    ]);
    const lost = await open('nina', 'elsewhere-12');
    expect((await lost.next((e) => e.event === 'reset')).event).toBe('reset');
  });

  it('announces a lock that lapsed', async () => {
    const nina = await open('nina');
    const page = await createPage(t, world, 'Lapsing');
    const lapsed = await nina.next(about(page.content_id, 'lapse'), 10_000);
    expect(lapsed.data).toMatchObject({ by: 'admin' });
    const read = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(read.json().locked_by).toBeNull();
  });

  it('tells who else has an item open', async () => {
    const page = await createPage(t, world, 'Visited');
    await readableByRita(page.content_id);
    const rita = await open('rita');
    const first = await put(`/api/presence/${page.content_id}`, 'nina');
    expect(first.json().viewers).toEqual([{ username: 'nina', name: 'Nina Tester' }]);
    // CANOPY_PRESENCE_SECONDS 10: an open editor speaks every 4 s.
    expect(first.json().beat_ms).toBe(4000);
    const both = await put(`/api/presence/${page.content_id}`, 'rita');
    expect(
      both
        .json()
        .viewers.map((v: { username: string }) => v.username)
        .sort(),
    ).toEqual(['nina', 'rita']);
    await rita.next((e) => e.event === 'presence' && (e.data.viewers as unknown[]).length === 2);
    const left = await t.request({
      method: 'DELETE',
      url: `/api/presence/${page.content_id}`,
      as: 'nina',
    });
    expect(left.statusCode).toBe(204);
    const after = await rita.next(
      (e) =>
        e.event === 'presence' &&
        JSON.stringify(e.data.viewers) ===
          JSON.stringify([{ username: 'rita', name: 'Rita Tester' }]),
    );
    expect(after.data.content_id).toBe(page.content_id);
    const hidden = await createPage(t, world, 'Not for Rita');
    expect((await put(`/api/presence/${hidden.content_id}`, 'rita')).statusCode).toBe(403);
  });

  it('keeps what is cached when someone says they have an item open or closed it', async () => {
    const page = await createPage(t, world, 'Just Looking');
    const menuReads: boolean[] = [];
    t.app.canopy.readCache.onRead((key, hit) => {
      if (key.startsWith('menu:')) menuReads.push(hit);
    });
    ok(await t.request({ method: 'GET', url: '/api/menus' }));
    ok(await put(`/api/presence/${page.content_id}`));
    ok(await t.request({ method: 'DELETE', url: `/api/presence/${page.content_id}` }));
    ok(await t.request({ method: 'GET', url: '/api/menus' }));
    expect(menuReads.at(-1)).toBe(true);
  });
});
