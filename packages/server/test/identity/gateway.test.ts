import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

const GATEWAY = '10.0.0.5';
const identity = {
  'x-canopy-sub': 'corp-4711',
  'x-canopy-preferred-username': 'gwen',
  'x-canopy-roles': 'Administrator',
  'x-canopy-given-name': 'Gwen',
  'x-canopy-family-name': 'Gateway',
  'x-canopy-email': 'gwen@example.com',
};

describe.each(DIALECTS)('gateway mode on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect, { mode: 'gateway', trustedProxies: ['10.0.0.0/29'] });
  });
  afterAll(() => t.close());

  it('believes identity headers from the gateway, creating the user with its roles', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      remoteAddress: GATEWAY,
      headers: identity,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Gwen Gateway',
      preferred_username: 'gwen',
      given_name: 'Gwen',
      family_name: 'Gateway',
      email: 'gwen@example.com',
      roles: ['administrator'],
      is_admin: 1,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      remoteAddress: GATEWAY,
      headers: {
        ...identity,
        'x-canopy-roles': 'editor,author',
        'x-canopy-family-name': 'Renamed',
      },
    });
    expect(again.json()).toMatchObject({
      sub: res.json().sub,
      family_name: 'Renamed',
      roles: ['author', 'editor'],
    });
  });

  it('refuses identity headers from any other address', async () => {
    for (const remoteAddress of ['10.0.0.9', '127.0.0.1', '::1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/identity/personinfo',
        remoteAddress,
        headers: { ...identity, 'x-forwarded-for': GATEWAY },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(
        'Identity headers are only accepted from the gateway; sign in through it',
      );
    }
  });

  it('refuses state-changing cookie requests from another site (CSRF)', async () => {
    const create = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/roles',
        remoteAddress: GATEWAY,
        headers: { ...identity, ...headers },
        payload: {
          role_id: `r${Math.random().toString(36).slice(2, 8)}`,
          role_name: `Role ${Math.random()}`,
          role_rank: 5,
        },
      });
    const evil = await create({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toContain('CSRF');
    expect((await create({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await create({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await create({ origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await create({})).statusCode).toBe(403);
    const roles = await t.db
      .selectFrom('roles')
      .select('role_id')
      .where('role_rank', '=', 5)
      .execute();
    expect(roles).toEqual([]);

    expect((await create({ origin: 'http://localhost:3000' })).statusCode).toBe(201);
    expect((await create({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('lets reads through without an Origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      remoteAddress: GATEWAY,
      headers: { ...identity, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((role: { role_id: string }) => role.role_id)).toContain('administrator');
  });

  it('still requires an identity without headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', remoteAddress: GATEWAY });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
