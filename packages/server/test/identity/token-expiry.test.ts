/**
 * A correctly signed token that carries no expiry (`exp`) would be good forever: refused with 401,
 * from the embedded provider and from an external issuer alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

const REFUSED = {
  code: 'UNAUTHENTICATED',
  message: 'Your sign-in has expired or is not valid; sign in again',
};

describe.each(DIALECTS)('tokens without an expiry on %s', (dialect) => {
  let t: IdentityApp;
  let server: Server;
  let issuerUrl = '';
  let issuerKey: CryptoKey;
  let userId: string;
  let embeddedJwk: JWK;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    issuerKey = privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`;
    t = await startIdentityApp(dialect, {
      external: {
        issuer: issuerUrl,
        clientId: 'spa',
        audience: 'canopy',
        rolesClaim: 'roles',
        jwksUri: `${issuerUrl}/certs`,
      },
    });
    userId = await t.user('writer', ['author']);
    const row = await t.db
      .selectFrom('signing_keys')
      .select('private_jwk')
      .executeTakeFirstOrThrow();
    embeddedJwk = JSON.parse(row.private_jwk) as JWK;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: `Bearer ${token}` },
    });

  async function embedded(withExpiry: boolean): Promise<string> {
    const jwt = new SignJWT({ sub: userId, preferred_username: 'writer' })
      .setProtectedHeader({ alg: 'RS256', kid: embeddedJwk.kid!, typ: 'at+jwt' })
      .setIssuer('http://localhost:3000/oidc')
      .setAudience('canopy-api')
      .setIssuedAt();
    if (withExpiry) jwt.setExpirationTime('5m');
    return jwt.sign(await importJWK(embeddedJwk, 'RS256'));
  }

  async function external(withExpiry: boolean): Promise<string> {
    const jwt = new SignJWT({ sub: 'ext-1', preferred_username: 'ext.person', roles: [] })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(issuerUrl)
      .setAudience('canopy')
      .setIssuedAt();
    if (withExpiry) jwt.setExpirationTime('5m');
    return jwt.sign(issuerKey);
  }

  it('refuses an embedded-provider token without exp, accepts the same with exp', async () => {
    const refused = await me(await embedded(false));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
    expect((await me(await embedded(true))).statusCode).toBe(200);
  });

  it('refuses an external token without exp, accepts the same with exp', async () => {
    const refused = await me(await external(false));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
    expect((await me(await external(true))).statusCode).toBe(200);
  });
});
