/**
 * An external OpenID provider over real HTTP: a small issuer on 127.0.0.1 publishes discovery
 * and its key set; Canopy fetches them and verifies tokens signed with its private key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

interface Issuer {
  url: string;
  sign(
    claims: Record<string, unknown>,
    options?: { audience?: string; issuer?: string },
  ): Promise<string>;
  requests: string[];
  close(): Promise<void>;
}

async function startIssuer(): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'issuer-key-1', alg: 'ES256', use: 'sig' };
  const requests: string[] = [];
  let url = '';
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/corp/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/protocol/openid-connect/certs` }));
    } else if (req.url === '/realms/corp/protocol/openid-connect/certs') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/corp`;
  return {
    url,
    requests,
    sign(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'issuer-key-1', typ: 'JWT' })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? 'canopy')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey as CryptoKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)('external OpenID provider on %s', (dialect) => {
  let issuer: Issuer;
  let t: IdentityApp;
  beforeAll(async () => {
    issuer = await startIssuer();
    t = await startIdentityApp(dialect, {
      external: {
        issuer: issuer.url,
        clientId: 'canopy-admin-spa',
        audience: 'canopy',
        rolesClaim: 'realm_access.roles',
        jwksUri: undefined,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts its tokens, creating the user with the roles of the claim', async () => {
    const token = await issuer.sign({
      sub: 'f3a9-0001',
      preferred_username: 'kim@corp.example',
      given_name: 'Kim',
      family_name: 'Keycloak',
      email: 'kim@corp.example',
      realm_access: { roles: ['editor', 'offline_access', 'uma_authorization'] },
    });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      preferred_username: 'kim@corp.example',
      name: 'Kim Keycloak',
      email: 'kim@corp.example',
      roles: ['editor'],
      is_admin: 0,
    });
    expect(issuer.requests).toContain('/realms/corp/.well-known/openid-configuration');
    expect(issuer.requests).toContain('/realms/corp/protocol/openid-connect/certs');
  });

  it('finds the same user again by subject, and follows role changes', async () => {
    const first = (
      await me(await issuer.sign({ sub: 'f3a9-0001', realm_access: { roles: ['editor'] } }))
    ).json();
    const second = await me(
      await issuer.sign({ sub: 'f3a9-0001', realm_access: { roles: ['Administrator'] } }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ sub: first.sub, roles: ['administrator'], is_admin: 1 });
    const users = await t.db.selectFrom('users').select('username').execute();
    expect(users.filter((user) => user.username === 'kim@corp.example')).toHaveLength(1); // The user made at the first sign-in and the roles the directory changed are on the record.
    const record = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'details'])
      .where('action', 'in', ['user-create', 'permissions'])
      .orderBy('audit_id')
      .execute();
    expect(record.map((r) => [r.action, r.actor, JSON.parse(r.details!)])).toEqual([
      ['user-create', 'system', { username: 'kim@corp.example', roles: [] }],
      [
        'permissions',
        'system',
        { username: 'kim@corp.example', roles_added: ['editor'], roles_removed: [] },
      ],
      [
        'permissions',
        'system',
        { username: 'kim@corp.example', roles_added: ['administrator'], roles_removed: ['editor'] },
      ],
    ]);
  });

  it('never links an existing local user by preferred_username', async () => {
    const localId = await t.user('lee', ['author']);
    const res = await me(await issuer.sign({ sub: 'other-subject', preferred_username: 'lee' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preferred_username: 'lee-2', roles: [] });
    expect(res.json().sub).not.toBe(localId);
  });

  it('refuses tokens for another audience or from another issuer', async () => {
    expect(
      (await me(await issuer.sign({ sub: 'x' }, { audience: 'someone-else' }))).statusCode,
    ).toBe(401);
    expect(
      (await me(await issuer.sign({ sub: 'x' }, { issuer: 'http://127.0.0.1:1/evil' }))).statusCode,
    ).toBe(401);
  });

  it("still accepts the command line's tokens (signed by Canopy's own key)", async () => {
    const id = await t.user('scripter', ['editor']);
    const res = await me(await t.token(id, 'scripter'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preferred_username: 'scripter' });
  });

  it('turns off the embedded sign-in and says where to sign in', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' }))
        .statusCode,
    ).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/api/identity/config' });
    expect(config.json()).toMatchObject({
      mode: 'external',
      authority: issuer.url,
      client_id: 'canopy-admin-spa',
    });
  });
});
