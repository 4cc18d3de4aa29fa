/**
 * Managing people and roles from the admin: lists paged, sorted and filtered by the server;
 * the last sign-in recorded; a user deleted only when they hold no lock (never oneself, never
 * the last administrator); roles renamed and re-ranked, with their member counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { contentItem, signIn, startIdentityApp, type IdentityApp } from './helpers';

interface UserRow {
  user_id: string;
  username: string;
  roles: string[];
  last_sign_in_date: string | null;
  issuer: string | null;
}

describe.each(DIALECTS)('user and role administration on %s', (dialect) => {
  let t: IdentityApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    ids.admin = await t.user('admin', ['administrator'], 'admin-password-1');
    for (const [name, roles] of [
      ['bea', ['editor']],
      ['carl', ['author']],
      ['dora', ['editor', 'author']],
      ['ezra', []],
    ] as const)
      ids[name] = await t.user(name, [...roles]);
  });
  afterAll(() => t.close());

  const users = async (query: string) => {
    const reply = await t.request({ method: 'GET', url: `/api/users${query}`, as: 'admin' });
    expect(reply.statusCode, reply.body).toBe(200);
    return {
      names: (reply.json() as UserRow[]).map((user) => user.username),
      total: Number(reply.headers['x-total-count']),
    };
  };

  it('pages, sorts and filters users by text and role on the server', async () => {
    expect(await users('?limit=2&sort=username')).toEqual({ names: ['admin', 'bea'], total: 5 });
    expect(await users('?limit=2&offset=2&sort=username')).toEqual({
      names: ['carl', 'dora'],
      total: 5,
    });
    expect(await users('?sort=username&order=desc&limit=1')).toEqual({ names: ['ezra'], total: 5 });
    expect(await users('?role=editor')).toEqual({ names: ['bea', 'dora'], total: 2 });
    expect(await users('?role=editor&q=DORA')).toEqual({ names: ['dora'], total: 1 });
    const bad = await t.request({ method: 'GET', url: '/api/users?limit=0', as: 'admin' });
    expect(bad.statusCode).toBe(400);
  });

  it('records the last sign-in', async () => {
    const before = (
      await t.request({ method: 'GET', url: `/api/users/${ids.admin}`, as: 'admin' })
    ).json();
    expect(before).toMatchObject({ last_sign_in_date: null, issuer: null });
    const started = Date.now();
    const token = await signIn(t.app, 'admin', 'admin-password-1');
    expect(token.statusCode).toBe(200);
    const after = (
      await t.request({ method: 'GET', url: `/api/users/${ids.admin}`, as: 'admin' })
    ).json() as UserRow;
    expect(Date.parse(after.last_sign_in_date!)).toBeGreaterThanOrEqual(started - 1000);
    expect((await users('?sort=last_sign_in_date&limit=1')).names).toEqual(['admin']);
  });

  it('deletes a user who holds no lock, and refuses one who does, oneself and the last administrator', async () => {
    const item = await contentItem(t.db, null, 'Pricing');
    await t.db
      .updateTable('content_items')
      .set({ locked_by: 'carl' })
      .where('content_id', '=', item)
      .execute();
    const locked = await t.request({
      method: 'DELETE',
      url: `/api/users/${ids.carl}`,
      as: 'admin',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('carl holds the lock on Pricing; unlock it first');

    const self = await t.request({ method: 'DELETE', url: `/api/users/${ids.admin}`, as: 'admin' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account');

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/users/${ids.ezra}`,
      as: 'admin',
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/users/${ids.ezra}`, as: 'admin' })).statusCode,
    ).toBe(404);

    // A second administrator may not delete or demote the last enabled one, even when asked to.
    await t.request({
      method: 'PUT',
      url: `/api/users/${ids.bea}/roles`,
      as: 'admin',
      payload: { roles: ['administrator'] },
    });
    await t.request({
      method: 'PUT',
      url: `/api/users/${ids.bea}`,
      as: 'admin',
      payload: { disabled: 1 },
    });
    const demote = await t.request({
      method: 'PUT',
      url: `/api/users/${ids.admin}/roles`,
      as: 'admin',
      payload: { roles: ['editor'] },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      'This is the last enabled administrator; make someone else an administrator first',
    );
    await t.request({
      method: 'PUT',
      url: `/api/users/${ids.bea}`,
      as: 'admin',
      payload: { disabled: 0 },
    });
    const beaToken = await t.token(ids.bea!, 'bea');
    const disableAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids.admin}`,
      headers: { authorization: `Bearer ${beaToken}` },
      payload: { disabled: 1 },
    });
    expect(disableAdmin.statusCode, disableAdmin.body).toBe(200);
    const lastOne = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${ids.admin}`,
      headers: { authorization: `Bearer ${await t.token(ids.admin!, 'admin')}` },
    });
    expect(lastOne.statusCode).toBe(401); // a disabled administrator is signed out at once
    const deleteBea = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids.bea}/roles`,
      headers: { authorization: `Bearer ${beaToken}` },
      payload: { roles: [] },
    });
    expect(deleteBea.statusCode).toBe(409);
    expect(deleteBea.json().message).toContain('last enabled administrator');
  });

  it('renames a role and changes its rank; an administrator role keeps its rank', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/roles',
      as: 'carl-admin',
      payload: { role_id: 'reviewer', role_name: 'Reviewer', role_rank: 20 },
    });
    expect(created.statusCode).toBe(403);
    const made = await t.request({
      method: 'POST',
      url: '/api/roles',
      as: 'bea',
      payload: { role_id: 'reviewer', role_name: 'Reviewer', role_rank: 20 },
    });
    expect(made.json()).toMatchObject({ role_id: 'reviewer', member_count: 0 });
    const put = (roleId: string, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/roles/${roleId}`, as: 'bea', payload });
    const renamed = await put('reviewer', { role_name: 'Proof readers', role_rank: 40 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ role_name: 'Proof readers', role_rank: 40 });
    expect((await put('reviewer', { role_name: 'Editor' })).json().message).toBe(
      'A role is already named Editor; pick another name',
    );
    const admins = await put('administrator', { role_rank: 50 });
    expect(admins.statusCode).toBe(400);
    expect(admins.json().message).toBe('An administrator role keeps its rank (100)');

    const roles = await t.request({
      method: 'GET',
      url: '/api/roles?sort=member_count&order=desc&limit=2',
      as: 'bea',
    });
    expect(roles.headers['x-total-count']).toBeDefined();
    expect(
      roles
        .json()
        .map((role: { role_id: string; member_count: number }) => [
          role.role_id,
          role.member_count,
        ]),
    ).toEqual([
      ['administrator', 2],
      ['author', 2],
    ]);
  });
});
