/**
 * External identities link to a local account by (issuer, subject) only. A username someone
 * chose at their provider or gateway never reaches an existing account: a clash gets a distinct,
 * numbered account with only the roles its provider gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';
import { startTestIssuer, type TestIssuer } from './issuer';

interface Person {
  sub: string;
  preferred_username: string;
  roles: string[];
  is_admin: number;
}

describe.each(DIALECTS)('linking external sign-ins on %s', (dialect) => {
  let t: IdentityApp;
  let issuer: TestIssuer;
  let adminId: string;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    t = await startIdentityApp(dialect, {
      external: issuer.config,
      mode: 'gateway',
      trustedProxies: ['10.0.0.5'],
    });
    adminId = await t.user('admin', ['administrator']);
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const viaIssuer = async (claims: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: `Bearer ${await issuer.sign(claims)}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Person;
  };
  const viaGateway = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      remoteAddress: '10.0.0.5',
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Person;
  };

  it('never merges a provider user named like a local account into it', async () => {
    const person = await viaIssuer({ sub: 'ext-admin', preferred_username: 'admin', roles: [] });
    expect(person.sub).not.toBe(adminId);
    expect(person).toMatchObject({ preferred_username: 'admin-2', roles: [], is_admin: 0 });
    // The same subject comes back to the same account.
    const again = await viaIssuer({ sub: 'ext-admin', preferred_username: 'admin', roles: [] });
    expect(again.sub).toBe(person.sub);
  });

  it('keeps two names that normalise alike apart', async () => {
    const first = await viaIssuer({ sub: 'ext-1', preferred_username: 'jo hn', roles: [] });
    const second = await viaIssuer({ sub: 'ext-2', preferred_username: 'jo-hn', roles: [] });
    expect(first.preferred_username).toBe('jo-hn');
    expect(second.preferred_username).toBe('jo-hn-2');
    expect(second.sub).not.toBe(first.sub);
  });

  it('gateway identities follow the same rule, with the gateway as issuer', async () => {
    const person = await viaGateway({
      'x-canopy-sub': 'gw-admin',
      'x-canopy-preferred-username': 'admin',
    });
    expect(person.sub).not.toBe(adminId);
    expect(person.preferred_username).toBe('admin-3');
    expect(person.is_admin).toBe(0);
    // The same subject from another issuer is another person.
    const sameSubject = await viaIssuer({ sub: 'gw-admin', preferred_username: 'x', roles: [] });
    expect(sameSubject.sub).not.toBe(person.sub);
    expect((await viaGateway({ 'x-canopy-sub': 'gw-admin' })).sub).toBe(person.sub);
  });
});
