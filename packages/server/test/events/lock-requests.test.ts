/** Request the lock, hand it over or decline, each step told live to the two people involved. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, ok, type World } from '../contents/fixtures';
import { openEvents, type EventReader, type StreamEvent } from './stream';

describe.each(DIALECTS)('lock requests on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let base: string;
  const readers: EventReader[] = [];
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    for (const name of ['nina', 'omar', 'pia']) await t.tokenFor(name, ['administrator']);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await t.close();
  });

  const events = async (as: string) => {
    const reader = await openEvents(base, await t.tokenFor(as));
    readers.push(reader);
    return reader;
  };
  const ask = (id: string, as: string) =>
    t.request({ method: 'POST', url: `/api/lockcontents/${id}/request`, as });
  const answer = (id: string, as: string, reply: 'handover' | 'decline') =>
    t.request({
      method: 'PUT',
      url: `/api/lockcontents/${id}/request`,
      as,
      payload: { answer: reply },
    });
  const step = (id: string, name: string) => (event: StreamEvent) =>
    event.event === 'lock-request' && event.data.content_id === id && event.data.step === name;

  it('the holder hears the request at once and hands over; the lock is then the asker’s', async () => {
    const page = await createPage(t, world, 'Handed Over', 'nina');
    const nina = await events('nina');
    const omar = await events('omar');
    const pia = await events('pia');
    const asked = await ask(page.content_id, 'omar');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ from: 'omar', from_name: 'Omar Tester', holder: 'nina' });
    const heard = await nina.next(step(page.content_id, 'requested'));
    expect(heard.data).toMatchObject({ by: 'omar', by_name: 'Omar Tester' });
    const open = await t.request({
      method: 'GET',
      url: `/api/lockcontents/${page.content_id}/request`,
      as: 'nina',
    });
    expect(open.json()).toMatchObject({ from: 'omar' });

    expect((await answer(page.content_id, 'omar', 'handover')).statusCode).toBe(423);
    ok(await answer(page.content_id, 'nina', 'handover'));
    await omar.next(step(page.content_id, 'handed-over'));
    const item = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(item.json()).toMatchObject({ locked_by: 'omar' });
    // Everyone who may read the item sees the lock move; only the two involved see the request.
    await pia.next((e) => e.data.content_id === page.content_id && e.data.action === 'handover');
    expect(pia.events.some((e) => e.event === 'lock-request')).toBe(false);
    expect((await answer(page.content_id, 'nina', 'handover')).statusCode).toBe(423);
  });

  it('the holder declines; the lock stays; one request at a time', async () => {
    const page = await createPage(t, world, 'Declined', 'nina');
    const omar = await events('omar');
    ok(await ask(page.content_id, 'omar'));
    const second = await ask(page.content_id, 'pia');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Omar Tester has already asked for the lock');
    ok(await answer(page.content_id, 'nina', 'decline'));
    const declined = await omar.next(step(page.content_id, 'declined'));
    expect(declined.data).toMatchObject({ by: 'nina', by_name: 'Nina Tester' });
    const item = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(item.json().locked_by).toBe('nina');
    const none = await answer(page.content_id, 'nina', 'handover');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Nobody has asked for the lock of this content');
  });

  it('refuses a request when nobody else holds the lock, and without Edit', async () => {
    const page = await createPage(t, world, 'Free', 'nina');
    const own = await ask(page.content_id, 'nina');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Nobody else holds the lock: lock the content instead');
    await t.tokenFor('rex', []);
    expect((await ask(page.content_id, 'rex')).statusCode).toBe(403);
  });
});
