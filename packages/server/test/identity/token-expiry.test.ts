/**
 * A correctly signed token that carries no expiry (`exp`) would be good forever: refused with 401,
 * from the embedded provider and from an external issuer alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, type JWK } from 'jose';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';
import { startTestIssuer, type TestIssuer } from './issuer';

const REFUSED = {
  code: 'UNAUTHENTICATED',
  message: 'Your sign-in has expired or is not valid; sign in again',
};

describe.each(DIALECTS)('tokens without an expiry on %s', (dialect) => {
  let t: IdentityApp;
  let issuer: TestIssuer;
  let userId: string;
  let embeddedJwk: JWK;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    t = await startIdentityApp(dialect, { external: issuer.config });
    userId = await t.user('writer', ['author']);
    const row = await t.db
      .selectFrom('signing_keys')
      .select('private_jwk')
      .executeTakeFirstOrThrow();
    embeddedJwk = JSON.parse(row.private_jwk) as JWK;
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

  async function embedded(withExpiry: boolean): Promise<string> {
    const jwt = new SignJWT({ sub: userId, preferred_username: 'writer' })
      .setProtectedHeader({ alg: 'RS256', kid: embeddedJwk.kid!, typ: 'at+jwt' })
      .setIssuer('http://localhost:3000/oidc')
      .setAudience('canopy-api')
      .setIssuedAt();
    if (withExpiry) jwt.setExpirationTime('5m');
    return jwt.sign(await importJWK(embeddedJwk, 'RS256'));
  }

  const external = (withExpiry: boolean) =>
    issuer.sign(
      { sub: 'ext-1', preferred_username: 'ext.person', roles: [] },
      { expires: withExpiry },
    );

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
