/**
 * The read caches store only what is still current. A slow reader is simulated by holding back
 * its store until a write has been answered: what it read before the write must not be served
 * after it. And a lock clears only what a lock changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, findMenuNode, makeWorld, type MenuNode, type World } from './fixtures';

/** Replaces `target[method]` so that its next call runs only when the returned function is called. */
function holdNextCall<T extends object, K extends keyof T>(target: T, method: K) {
  const original = target[method] as (...args: unknown[]) => unknown;
  let held: (() => void) | undefined;
  target[method] = ((...args: unknown[]) => {
    target[method] = original as T[K];
    held = () => original.apply(target, args);
    return typeof args[1] === 'string' ? Buffer.from(args[1]) : undefined;
  }) as T[K];
  return () => {
    expect(held).toBeDefined();
    held!();
  };
}

describe.each(DIALECTS)('read caches and writes on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  const menu = async () => {
    const res = await t.request({ method: 'GET', url: '/api/menus' });
    expect(res.statusCode).toBe(200);
    return res.json() as MenuNode[];
  };

  it('a menu read before a lock is not served after it', async () => {
    const page = await createPage(t, world, 'Raced');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    const store = holdNextCall(t.app.canopy.readCache, 'set');
    expect(findMenuNode(await menu(), page.content_id)?.locked_by).toBeNull();
    const lock = await t.request({ method: 'PUT', url: `/api/lockcontents/${page.content_id}` });
    expect(lock.statusCode).toBe(200);
    store(); // the slow reader stores what it read before the lock
    expect(findMenuNode(await menu(), page.content_id)?.locked_by).toBe('admin');
  });

  it('a token verified before its user was disabled is not remembered after', async () => {
    const token = await t.tokenFor('leaving', ['editor']);
    const user = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'leaving')
      .executeTakeFirstOrThrow();
    const store = holdNextCall(t.app.canopy.verifiedTokens, 'set');
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/identity/personinfo',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call()).statusCode).toBe(200);
    const disable = await t.request({
      method: 'PUT',
      url: `/api/users/${user.user_id}`,
      payload: { disabled: 1 },
    });
    expect(disable.statusCode).toBe(200);
    store();
    expect((await call()).statusCode).toBe(401);
  });

  it('a lock keeps verified tokens and the pages of other items', async () => {
    const page = await createPage(t, world, 'Locked alone');
    const token = await t.tokenFor('reader', ['editor']);
    await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: `Bearer ${token}` },
    });
    const home = `/api/contents?site_id=${world.siteId}&page_url=/`;
    expect((await t.request({ method: 'GET', url: home })).statusCode).toBe(200);
    const cache = t.app.canopy.readCache;
    const homeKey = `page:admin:${world.siteId}\n/`;
    expect(cache.get(homeKey)).toBeDefined();
    await menu();
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    await menu();
    expect(cache.get('menu:admin')).toBeDefined();
    const lock = await t.request({ method: 'PUT', url: `/api/lockcontents/${page.content_id}` });
    expect(lock.statusCode).toBe(200);
    expect(t.app.canopy.verifiedTokens.get(token)).toBeDefined();
    expect(cache.get(homeKey)).toBeDefined();
    expect(cache.get('menu:admin')).toBeUndefined();
  });

  it('a lock and an unlock show in the cached menu exactly as in one built afresh', async () => {
    const page = await createPage(t, world, 'Patched');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    const raw = async () => {
      const res = await t.request({ method: 'GET', url: '/api/menus' });
      expect(res.statusCode).toBe(200);
      return res.payload;
    };
    await raw();
    for (const action of ['lockcontents', 'unlockcontents', 'lockcontents']) {
      const write = await t.request({ method: 'PUT', url: `/api/${action}/${page.content_id}` });
      expect(write.statusCode).toBe(200);
      const patched = await raw();
      expect(findMenuNode(JSON.parse(patched) as MenuNode[], page.content_id)?.locked_by).toBe(
        action === 'lockcontents' ? 'admin' : null,
      );
      t.app.canopy.readCache.clear();
      expect(patched).toBe(await raw());
    }
  });

  it('a lock and an unlock patched one after the other, the cache kept between them', async () => {
    const page = await createPage(t, world, 'Patched twice');
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    await menu();
    for (const action of ['lockcontents', 'unlockcontents', 'lockcontents', 'unlockcontents']) {
      const write = await t.request({ method: 'PUT', url: `/api/${action}/${page.content_id}` });
      expect(write.statusCode).toBe(200);
      expect(findMenuNode(await menu(), page.content_id)?.locked_by).toBe(
        action === 'lockcontents' ? 'admin' : null,
      );
    }
  });
});
