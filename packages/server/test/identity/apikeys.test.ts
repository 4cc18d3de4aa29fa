import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/auth/actor';
import { createApiKey } from '../../src/operations/apikeys/create-api-key';
import { revokeApiKey } from '../../src/operations/apikeys/revoke-api-key';
import { hashApiKey } from '../../src/auth/api-keys';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

describe.each(DIALECTS)('API keys on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
  });
  afterAll(() => t.close());

  const call = (key: string, url: string, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({ method, url, headers: { 'x-api-key': key } });

  it('stores only a hash of the key', async () => {
    const created = await createApiKey(t.db, SYSTEM_ACTOR, {
      name: 'hash-check',
      scope: 'published',
    });
    expect(created.key).toMatch(/^cnp_[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_id', '=', created.key_id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('keeps a published-content key to the delivery routes', async () => {
    const { key } = await createApiKey(t.db, SYSTEM_ACTOR, {
      name: 'site-builder',
      scope: 'published',
    });
    // allowed through to the route, which answers that the site does not exist
    const delivery = await call(key, '/api/pageurls?site_id=00000000-0000-4000-8000-000000000099');
    expect(delivery.statusCode).toBe(404);
    expect(delivery.json().code).toBe('SITE_NOT_FOUND');
    for (const url of ['/api/identity/personinfo', '/api/menus', '/api/roles', '/api/users']) {
      const res = await call(key, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'This caller may only read published content (the delivery routes)',
      );
    }
  });

  it('lets a role key act with its role', async () => {
    const { key } = await createApiKey(t.db, SYSTEM_ACTOR, {
      name: 'bot',
      scope: 'role',
      roleId: 'editor',
    });
    const me = await call(key, '/api/identity/personinfo');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      sub: null,
      preferred_username: 'apikey:bot',
      roles: ['editor'],
      kind: 'apikey',
    });
    expect((await call(key, '/api/users')).statusCode).toBe(403);
  });

  it('stops a revoked key at once and refuses unknown keys', async () => {
    const { key } = await createApiKey(t.db, SYSTEM_ACTOR, {
      name: 'short-lived',
      scope: 'role',
      roleId: 'author',
    });
    expect((await call(key, '/api/roles')).statusCode).toBe(200);
    await revokeApiKey(t.db, SYSTEM_ACTOR, 'short-lived');
    const res = await call(key, '/api/roles');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This API key is not valid or has been revoked');
    expect((await call('cnp_made-up', '/api/roles')).statusCode).toBe(401);
  });

  it('refuses bad key requests', async () => {
    await expect(
      createApiKey(t.db, SYSTEM_ACTOR, { name: 'no-role', scope: 'role' }),
    ).rejects.toThrow('A role-scoped API key needs a role');
    await expect(
      createApiKey(t.db, SYSTEM_ACTOR, { name: 'ghost', scope: 'role', roleId: 'ghost' }),
    ).rejects.toThrow('Role ghost was not found');
    await expect(
      createApiKey(t.db, SYSTEM_ACTOR, { name: 'bot', scope: 'published' }),
    ).rejects.toThrow('An API key named "bot" already exists');
    const editor = { ...SYSTEM_ACTOR, kind: 'user' as const, isAdmin: false, roleIds: ['editor'] };
    await expect(createApiKey(t.db, editor, { name: 'mine', scope: 'published' })).rejects.toThrow(
      'Only an administrator can create API keys',
    );
  });
});

describe.each(DIALECTS)('API keys over the API on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('admin', ['administrator']);
    await t.user('eddie', ['editor']);
  });
  afterAll(() => t.close());

  it('lets an administrator create, list and revoke keys', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      as: 'admin',
      payload: { name: 'builder', scope: 'role', role_id: 'author' },
    });
    expect(created.statusCode).toBe(201);
    const { key, key_id } = created.json();
    expect(created.json()).toMatchObject({ name: 'builder', scope: 'role', role_id: 'author' });
    const used = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { 'x-api-key': key },
    });
    expect(used.json()).toMatchObject({ preferred_username: 'apikey:builder', roles: ['author'] });

    const list = await t.request({ method: 'GET', url: '/api/apikeys', as: 'admin' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        key_id,
        name: 'builder',
        key_prefix: key.slice(0, 12),
        revoked_date: null,
      }),
    ]);
    expect(list.body).not.toContain(key);

    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/apikeys/${key_id}`,
      as: 'admin',
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { 'x-api-key': key },
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps keys to administrators and checks the scope', async () => {
    const editor = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      as: 'eddie',
      payload: { name: 'sneaky', scope: 'role', role_id: 'administrator' },
    });
    expect(editor.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/apikeys', as: 'eddie' })).statusCode).toBe(
      403,
    );
    const badScope = await t.request({
      method: 'POST',
      url: '/api/apikeys',
      as: 'admin',
      payload: { name: 'odd', scope: 'everything' },
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().message).toBe('The field "scope" must be one of: published, role');
  });
});

describe.each(DIALECTS)('public delivery on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect, { publicDelivery: true });
  });
  afterAll(() => t.close());

  it('answers delivery routes without an identity, and nothing else', async () => {
    const delivery = await t.app.inject({
      method: 'GET',
      url: '/api/pageurls?site_id=00000000-0000-4000-8000-000000000099',
    });
    expect(delivery.statusCode).toBe(404);
    expect(delivery.json().code).toBe('SITE_NOT_FOUND');
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/latestpublishable/pageurls?site_id=00000000-0000-4000-8000-000000000099',
    });
    expect(preview.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/menus' })).statusCode).toBe(401);
  });
});
