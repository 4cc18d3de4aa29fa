import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

describe.each(DIALECTS)('API key expiry and last use on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('admin', ['administrator']);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/apikeys', as: 'admin', payload });
  const useKey = (key: string) =>
    t.app.inject({ method: 'GET', url: '/api/roles', headers: { 'x-api-key': key } });
  const listed = async (name: string) => {
    const list = await t.request({ method: 'GET', url: '/api/apikeys', as: 'admin' });
    return (list.json() as { name: string; last_used_date: string | null }[]).find(
      (k) => k.name === name,
    );
  };

  it('records when a key was last used', async () => {
    const created = await create({ name: 'reporter', scope: 'role', role_id: 'author' });
    expect(created.statusCode).toBe(201);
    expect(created.json().expires_date).toBeNull();
    expect(await listed('reporter')).toMatchObject({ last_used_date: null, expires_date: null });
    const before = new Date().toISOString();
    expect((await useKey(created.json().key)).statusCode).toBe(200);
    const used = await listed('reporter');
    expect(used?.last_used_date ?? '').toBeTruthy();
    expect(used!.last_used_date! >= before).toBe(true);
  });

  it('keeps an expiry and refuses the key once it has passed', async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const created = await create({ name: 'temp', scope: 'published', expires_date: expires });
    expect(created.statusCode).toBe(201);
    expect(created.json().expires_date).toBe(expires);
    expect(await listed('temp')).toMatchObject({ expires_date: expires });

    await t.db
      .updateTable('api_keys')
      .set({ expires_date: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', 'temp')
      .execute();
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/pageurls?site_id=00000000-0000-4000-8000-000000000099',
      headers: { 'x-api-key': created.json().key },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(
      'This API key has expired; ask an administrator for a new one',
    );
  });

  it('refuses an expiry that is not a date or is in the past', async () => {
    const bad = await create({ name: 'bad', scope: 'published', expires_date: 'next week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'An API key expiry must be a date and time such as 2027-01-31T00:00Z',
    );
    const past = await create({
      name: 'past',
      scope: 'published',
      expires_date: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('An API key expiry must be in the future');
  });

  it('pages and sorts the list on the server: usable keys first, newest first among them', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) {
      expect((await create({ name, scope: 'published' })).statusCode).toBe(201);
    }
    const all = await t.request({ method: 'GET', url: '/api/apikeys', as: 'admin' });
    const keys = all.json() as { key_id: string; name: string; revoked_date: string | null }[];
    const gamma = keys.find((key) => key.name === 'gamma')!;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/apikeys/${gamma.key_id}`, as: 'admin' }))
        .statusCode,
    ).toBe(204);

    const list = (query: string) =>
      t.request({ method: 'GET', url: `/api/apikeys?${query}`, as: 'admin' });
    const byStatus = await list('limit=2');
    expect(byStatus.headers['x-total-count']).toBe(String(keys.length));
    // The newest usable keys first; the revoked gamma last.
    expect((byStatus.json() as { name: string }[]).map((key) => key.name)).toEqual([
      'beta',
      'alpha',
    ]);
    const last = await list(`offset=${keys.length - 1}`);
    expect((last.json() as { name: string }[]).map((key) => key.name)).toEqual(['gamma']);

    const named = await list('sort=name&order=desc');
    const names = (named.json() as { name: string }[]).map((key) => key.name);
    expect(names).toEqual(
      keys
        .map((key) => key.name)
        .sort()
        .reverse(),
    );
    const found = await list('q=BET');
    expect((found.json() as { name: string }[]).map((key) => key.name)).toEqual(['beta']);
    expect(found.headers['x-total-count']).toBe('1');

    expect((await list('sort=colour')).statusCode).toBe(400);
    expect((await list('limit=0')).statusCode).toBe(400);
  });
});
