import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('locks on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    for (const name of ['editor', 'eve']) await t.tokenFor(name, ['administrator']);
  });
  afterAll(() => t.close());

  const lock = (id: string, as = 'admin') =>
    t.request({ method: 'PUT', url: `/api/lockcontents/${id}`, as });
  const unlock = (id: string, as = 'admin', query = '') =>
    t.request({ method: 'PUT', url: `/api/unlockcontents/${id}${query}`, as });

  it('a new item is locked by its creator; the owner unlocks and locks again', async () => {
    const page = await createPage(t, world, 'Lockable');
    expect(page).toMatchObject({ is_locked: 1, locked_by: 'admin' });
    const unlocked = await unlock(page.content_id);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({
      status: 'Success',
      content_id: page.content_id,
      is_locked: 0,
      locked_by: null,
    });
    const locked = await lock(page.content_id, 'editor');
    expect(locked.json()).toEqual({
      status: 'Success',
      content_id: page.content_id,
      is_locked: 1,
      locked_by: 'editor',
    });
    // locking what you hold is fine
    expect((await lock(page.content_id, 'editor')).statusCode).toBe(200);
  });

  it("someone else's lock refuses lock and unlock with Failure and the owner's name", async () => {
    const page = await createPage(t, world, 'Held');
    for (const res of [
      await lock(page.content_id, 'editor'),
      await unlock(page.content_id, 'editor'),
    ]) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({
        code: 'CONTENT_LOCKED',
        message: 'Content has been locked by Admin Tester',
        status: 'Failure',
        content_id: page.content_id,
        locked_by: 'admin',
      });
    }
    const item = await t.request({
      method: 'GET',
      url: `/api/contents/${page.content_id}`,
      as: 'editor',
    });
    expect(item.json().locked_by).toBe('admin');
  });

  it("a reader who is not an administrator sees the lock owner's and updater's names and every version", async () => {
    const page = await createPage(t, world, 'Named');
    await t.db
      .insertInto('roles')
      .values({ role_id: 'name-readers', role_name: 'Name Readers', role_rank: 5, is_admin: 0 })
      .execute();
    const granted = await t.request({
      method: 'PUT',
      url: '/api/permissions/name-readers',
      payload: { [page.content_id]: { Read: { permission: 1 } } },
    });
    expect(granted.statusCode).toBe(200);
    await t.tokenFor('nameless', ['name-readers']);
    const read = await t.request({
      method: 'GET',
      url: `/api/contents/${page.content_id}`,
      as: 'nameless',
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      locked_by: 'admin',
      locked_by_name: 'Admin Tester',
      updated_by_name: 'Admin Tester',
      versions: [
        {
          version: 1,
          status_id: 'draft',
          copied_from: null,
          updated_by: 'admin',
          updated_by_name: 'Admin Tester',
        },
      ],
    });
  });

  it('an administrator can release a stuck lock with force=true; others cannot', async () => {
    const page = await createPage(t, world, 'Stuck');
    await t.tokenFor('plain', []);
    const refused = await unlock(page.content_id, 'plain', '?force=true');
    expect(refused.statusCode).toBe(403);
    const released = await unlock(page.content_id, 'editor', '?force=true');
    expect(released.json()).toMatchObject({ status: 'Success', is_locked: 0 });
  });

  it('exactly one of 50 racing lock requests from different users wins', async () => {
    const page = await createPage(t, world, 'Contended');
    await unlock(page.content_id);
    const users = Array.from({ length: 50 }, (_, i) => `racer${i}`);
    for (const user of users) await t.tokenFor(user, ['administrator']);
    const results = await Promise.all(users.map((user) => lock(page.content_id, user)));
    const winners = results.filter((res) => res.statusCode === 200);
    const losers = results.filter((res) => res.statusCode === 423);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    const owner = winners[0]!.json().locked_by as string;
    for (const loser of losers)
      expect(loser.json()).toMatchObject({ status: 'Failure', locked_by: owner });
    const stored = await t.db
      .selectFrom('content_items')
      .select('locked_by')
      .where('content_id', '=', page.content_id)
      .executeTakeFirstOrThrow();
    expect(stored.locked_by).toBe(owner);
  });

  it('refuses to lock content that has only published versions', async () => {
    const res = await lock(world.rootId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'VERSION_NOT_EDITABLE',
      message: 'This content has only published versions; create a draft from one to edit it',
    });
  });

  it('answers 404 for unknown content and 400 for a malformed id', async () => {
    const missing = await lock('7a1f0c2e-8d4b-4c3a-9e1f-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CONTENT_NOT_FOUND');
    const malformed = await lock('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The path parameter "id" must be a valid uuid',
    });
  });

  it('needs the Edit permission', async () => {
    const page = await createPage(t, world, 'Guarded');
    await unlock(page.content_id);
    await t.tokenFor('reader', []);
    const res = await lock(page.content_id, 'reader');
    expect(res.statusCode).toBe(403);
    const stored = await t.db
      .selectFrom('content_items')
      .select('locked_by')
      .where('content_id', '=', page.content_id)
      .executeTakeFirstOrThrow();
    expect(stored.locked_by).toBeNull();
  });
});
