import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

describe.each(DIALECTS)('users and roles API on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('admin', ['administrator']);
    await t.user('eddie', ['editor']);
  });
  afterAll(() => t.close());

  it('lists the roles, highest rank first', async () => {
    const res = await t.request({ method: 'GET', url: '/api/roles', as: 'eddie' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((role: { role_id: string }) => role.role_id)).toEqual([
      'administrator',
      'editor',
      'portal-editor',
      'author',
    ]);
    expect(res.json()[0]).toEqual({
      role_id: 'administrator',
      role_name: 'Administrator',
      role_rank: 100,
      is_admin: 1,
      is_personal: 0,
      member_count: 1,
    });
  });

  it('lists the permission definitions', async () => {
    const res = await t.request({ method: 'GET', url: '/api/permissions', as: 'eddie' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { permission_id: 'Edit', permission_name: 'Edit' },
      { permission_id: 'Create', permission_name: 'Create' },
      { permission_id: 'Delete', permission_name: 'Delete' },
      { permission_id: 'Read', permission_name: 'Read' },
    ]);
  });

  it('lets an administrator add a user who can then be found', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: {
        username: 'nina',
        password: 'a long enough password',
        given_name: 'Nina',
        family_name: 'Newcomer',
        email: 'nina@example.com',
        roles: ['author'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'nina',
      given_name: 'Nina',
      family_name: 'Newcomer',
      email: 'nina@example.com',
      disabled: 0,
      roles: ['author'],
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'nina')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const list = await t.request({ method: 'GET', url: '/api/users', as: 'admin' });
    expect(list.json().map((user: { username: string }) => user.username)).toContain('nina');
  });

  it('refuses bad user input with an actionable message', async () => {
    const short = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: { username: 'shorty', password: 'short', roles: [] },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A password needs at least 10 characters');
    const name = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: { username: 'has space', roles: [] },
    });
    expect(name.statusCode).toBe(400);
    const unknownRole = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: { username: 'olga', roles: ['wizard'] },
    });
    expect(unknownRole.statusCode).toBe(404);
    expect(unknownRole.json()).toEqual({
      code: 'ROLE_NOT_FOUND',
      message: 'Role wizard was not found',
    });
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: { username: 'eddie', roles: [] },
    });
    expect(duplicate.statusCode).toBe(409);
    const extra = await t.request({
      method: 'POST',
      url: '/api/users',
      as: 'admin',
      payload: { username: 'x', roles: [], is_admin: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps user management to administrators', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { username: 'sneaky', roles: ['administrator'] }],
      ['POST', '/api/roles', { role_id: 'mine', role_name: 'Mine', role_rank: 1 }],
    ] as const) {
      const res = await t.request({ method, url, payload, as: 'eddie' });
      expect(res.statusCode).toBe(403);
    }
    expect(
      await t.db.selectFrom('users').select('user_id').where('username', '=', 'sneaky').execute(),
    ).toEqual([]);
  });

  it("sets a user's roles, and never leaves the site without an administrator", async () => {
    const users = (await t.request({ method: 'GET', url: '/api/users', as: 'admin' })).json();
    const eddie = users.find((user: { username: string }) => user.username === 'eddie');
    const admin = users.find((user: { username: string }) => user.username === 'admin');
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${eddie.user_id}/roles`,
      as: 'admin',
      payload: { roles: ['editor', 'author'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['author', 'editor']);

    const demote = await t.request({
      method: 'PUT',
      url: `/api/users/${admin.user_id}/roles`,
      as: 'admin',
      payload: { roles: ['editor'] },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('last enabled administrator');
    const self = await t.request({
      method: 'PUT',
      url: `/api/users/${admin.user_id}`,
      as: 'admin',
      payload: { disabled: 1 },
    });
    expect(self.statusCode).toBe(400);
  });

  it('creates and deletes roles, but not built-in ones', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/roles',
      as: 'admin',
      payload: { role_id: 'reviewer', role_name: 'Reviewer', role_rank: 20 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      role_id: 'reviewer',
      role_name: 'Reviewer',
      role_rank: 20,
      is_admin: 0,
      is_personal: 0,
      member_count: 0,
    });
    const clash = await t.request({
      method: 'POST',
      url: '/api/roles',
      as: 'admin',
      payload: { role_id: 'reviewer2', role_name: 'Reviewer', role_rank: 20 },
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/roles/reviewer', as: 'admin' })).statusCode,
    ).toBe(204);
    const builtIn = await t.request({ method: 'DELETE', url: '/api/roles/editor', as: 'admin' });
    expect(builtIn.statusCode).toBe(409);
  });

  it('returns the person info of an administrator', async () => {
    const res = await t.request({ method: 'GET', url: '/api/identity/personinfo', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      preferred_username: 'admin',
      name: 'Admin Tester',
      email: 'admin@example.com',
      roles: ['administrator'],
      is_admin: 1,
    });
  });

  it('tells clients how to sign in, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identity/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'embedded',
      authority: 'http://localhost:3000/oidc',
      client_id: 'canopy-admin',
      scope: 'openid profile api-access email',
      api_key_header: 'x-api-key',
    });
  });
});
