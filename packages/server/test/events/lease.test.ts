/**
 * Lock leases: a lock lasts CANOPY_LOCK_LEASE_SECONDS after it was taken or renewed, then it is
 * nobody's, for every caller. The clock is moved forward (Date only), so nothing waits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, ok, type World } from '../contents/fixtures';
import { releaseLapsedLocks } from '../../src/operations/contents/lapse';

const LEASE = 30;

describe.each(DIALECTS)('lock leases on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect, { lockLeaseSeconds: LEASE });
    world = await makeWorld(t.db);
    for (const name of ['nina', 'omar']) await t.tokenFor(name, ['administrator']);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** Moves the clock `seconds` on from now. */
  const later = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  };
  const lock = (id: string, as: string) =>
    t.request({ method: 'PUT', url: `/api/lockcontents/${id}`, as });
  const read = async (id: string, as = 'admin') =>
    (await t.request({ method: 'GET', url: `/api/contents/${id}`, as })).json();
  const save = (page: Awaited<ReturnType<typeof read>>, as: string, value: string) =>
    t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      as,
      payload: {
        version: page.version,
        updated_date: page.updated_date,
        content_fields: [{ field_id: fieldId(page, world.blocks.title), field_value: value }],
      },
    });

  it('a lock says when it lapses; before then it holds, after it anyone may lock', async () => {
    const page = await createPage(t, world, 'Leased', 'nina');
    const held = await read(page.content_id, 'omar');
    expect(held.locked_by).toBe('nina');
    expect(Date.parse(held.lock_expires_date) - Date.parse(held.locked_date)).toBe(LEASE * 1000);

    later(LEASE - 2);
    expect((await lock(page.content_id, 'omar')).statusCode).toBe(423);

    later(3);
    const free = await read(page.content_id, 'omar');
    expect(free).toMatchObject({ is_locked: 0, locked_by: null, lock_expires_date: null });
    const listed = await t.request({ method: 'GET', url: '/api/contents/locked?locked_by=nina' });
    expect(listed.json().map((item: { content_id: string }) => item.content_id)).not.toContain(
      page.content_id,
    );
    const taken = await lock(page.content_id, 'omar');
    expect(taken.json()).toMatchObject({ is_locked: 1, locked_by: 'omar' });
  });

  it("the former holder's next write is refused like anyone else's", async () => {
    const page = await createPage(t, world, 'Lapsed Writer', 'nina');
    const loaded = await read(page.content_id, 'nina');
    later(LEASE + 1);
    const lapsed = await save(loaded, 'nina', 'Too late');
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json()).toEqual({
      code: 'NOT_LOCKED',
      message: 'Lock the content before changing it',
    });
    ok(await lock(page.content_id, 'omar'));
    const taken = await save(loaded, 'nina', 'Still too late');
    expect(taken.statusCode).toBe(423);
    expect(taken.json()).toMatchObject({
      message: 'Content has been locked by Omar Tester',
      locked_by: 'omar',
    });
    expect(
      (await read(page.content_id)).content_fields[world.blocks.title].field_value,
    ).not.toMatch(/late/);
  });

  it('locking again renews the lease: a lock renewed in time does not lapse', async () => {
    const page = await createPage(t, world, 'Renewed', 'nina');
    for (let i = 0; i < 3; i++) {
      later(LEASE - 5);
      const renewed = await lock(page.content_id, 'nina');
      expect(renewed.json()).toMatchObject({ locked_by: 'nina' });
    }
    later(LEASE - 5);
    expect((await lock(page.content_id, 'omar')).statusCode).toBe(423);
    const saved = await save(await read(page.content_id, 'nina'), 'nina', 'Kept');
    expect(saved.statusCode).toBe(200);
    expect(await releaseLapsedLocks(t.db)).not.toContainEqual(
      expect.objectContaining({ content_id: page.content_id }),
    );
  });

  it('releases lapsed locks from the database once, and never a renewed one', async () => {
    const gone = await createPage(t, world, 'Released', 'nina');
    later(LEASE + 1);
    const kept = await createPage(t, world, 'Kept Lock', 'omar');
    const released = await releaseLapsedLocks(t.db);
    expect(released).toContainEqual({ content_id: gone.content_id, locked_by: 'nina' });
    expect(released.map((lock) => lock.content_id)).not.toContain(kept.content_id);
    expect(await releaseLapsedLocks(t.db)).not.toContainEqual(
      expect.objectContaining({ content_id: gone.content_id }),
    );
    const row = await t.db
      .selectFrom('content_items')
      .select(['locked_by', 'locked_date'])
      .where('content_id', '=', gone.content_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked_by: null, locked_date: null });
  });
});
