import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

describe.each(DIALECTS)('deleting a role on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('admin', ['administrator']);
    const created = await t.request({
      method: 'POST',
      url: '/api/roles',
      as: 'admin',
      payload: { role_id: 'reviewer', role_name: 'Reviewer', role_rank: 20 },
    });
    expect(created.statusCode).toBe(201);
    await t.user('rita', ['reviewer']);
  });
  afterAll(() => t.close());

  const remove = () => t.request({ method: 'DELETE', url: '/api/roles/reviewer', as: 'admin' });

  it('refuses while the role has members, and deletes it once empty', async () => {
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The role reviewer still has 1 member; take it from them first',
    );
    const rita = (await t.request({ method: 'GET', url: '/api/users', as: 'admin' }))
      .json()
      .find((user: { username: string }) => user.username === 'rita');
    const emptied = await t.request({
      method: 'PUT',
      url: `/api/users/${rita.user_id}/roles`,
      as: 'admin',
      payload: { roles: [] },
    });
    expect(emptied.statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    const roles = await t.request({ method: 'GET', url: '/api/roles', as: 'admin' });
    expect(roles.json().map((role: { role_id: string }) => role.role_id)).not.toContain('reviewer');
  });
});
