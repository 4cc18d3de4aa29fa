import { createSecretKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { DIALECTS } from '../harness';
import { startIdentityApp, type IdentityApp } from './helpers';

const ISSUER = 'http://localhost:3000/oidc';
const REFUSED = {
  code: 'UNAUTHENTICATED',
  message: 'Your sign-in has expired or is not valid; sign in again',
};

describe.each(DIALECTS)('bearer tokens on %s', (dialect) => {
  let t: IdentityApp;
  let userId: string;
  let signingJwk: JWK;

  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    userId = await t.user('writer', ['author']);
    const row = await t.db
      .selectFrom('signing_keys')
      .select('private_jwk')
      .executeTakeFirstOrThrow();
    signingJwk = JSON.parse(row.private_jwk) as JWK;
  });
  afterAll(() => t.close());

  const call = (token: string, url = '/api/identity/personinfo') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  /** A token like the provider's, with parts replaced. */
  async function forge(
    changes: {
      claims?: Record<string, unknown>;
      issuer?: string;
      audience?: string;
      expires?: number | string;
      notBefore?: number | string;
      kid?: string;
      key?: JWK;
    } = {},
  ): Promise<string> {
    const jwk = changes.key ?? signingJwk;
    const jwt = new SignJWT({ sub: userId, preferred_username: 'writer', ...changes.claims })
      .setProtectedHeader({ alg: 'RS256', kid: changes.kid ?? signingJwk.kid!, typ: 'at+jwt' })
      .setIssuer(changes.issuer ?? ISSUER)
      .setAudience(changes.audience ?? 'canopy-api')
      .setIssuedAt()
      .setExpirationTime(changes.expires ?? '5m');
    if (changes.notBefore !== undefined) jwt.setNotBefore(changes.notBefore);
    return jwt.sign(await importJWK(jwk, 'RS256'));
  }

  it('accepts a token of the embedded provider', async () => {
    const res = await call(await forge());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preferred_username: 'writer', roles: ['author'] });
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identity/personinfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses alg "none"', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: userId,
        iss: ISSUER,
        aud: 'canopy-api',
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    ).toString('base64url');
    const res = await call(`${header}.${body}.`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refuses HS256 signed with the public key (algorithm confusion)', async () => {
    const { kty, n, e } = signingJwk;
    const publicJwk = JSON.stringify({ kty, n, e });
    const secret = createSecretKey(Buffer.from(publicJwk));
    const token = await new SignJWT({ sub: userId })
      .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid! })
      .setIssuer(ISSUER)
      .setAudience('canopy-api')
      .setExpirationTime('5m')
      .sign(secret);
    const res = await call(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses an unknown key id, and a known key id on a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const other = { ...(await exportJWK(privateKey)), alg: 'RS256' };
    expect((await call(await forge({ key: other, kid: 'unknown-kid' }))).statusCode).toBe(401);
    expect((await call(await forge({ key: other }))).statusCode).toBe(401);
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    expect((await call(await forge({ issuer: 'http://evil.example/oidc' }))).statusCode).toBe(401);
    expect((await call(await forge({ audience: 'canopy-admin' }))).statusCode).toBe(401);
  });

  it('refuses an expired token and one not valid yet', async () => {
    const past = Math.floor(Date.now() / 1000) - 120;
    expect((await call(await forge({ expires: past }))).statusCode).toBe(401);
    const future = Math.floor(Date.now() / 1000) + 600;
    expect((await call(await forge({ notBefore: future }))).statusCode).toBe(401);
  });

  it('refuses garbage and a non-bearer Authorization header', async () => {
    expect((await call('not-a-jwt')).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toBe('The Authorization header must be "Bearer <token>"');
  });

  it('knows a verified token again in every form of the header, and only as a whole', async () => {
    const token = await forge();
    const as = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/identity/personinfo', headers: { authorization } });
    expect((await as(`Bearer ${token}`)).statusCode).toBe(200);
    // Verified once: the same token in another case or spacing is the same caller.
    const spaced = await as(`bearer   ${token}`);
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json()).toMatchObject({ preferred_username: 'writer' });
    // Its ending alone, or more than the token, is not it.
    expect((await as(`Bearer x${token.slice(1)}`)).json()).toEqual(REFUSED);
    expect((await as(`Bearer ${token}x`)).json()).toEqual(REFUSED);
    const extra = await as(`Bearer ${token} more`);
    expect(extra.statusCode).toBe(401);
    expect(extra.json().message).toBe('The Authorization header must be "Bearer <token>"');
  });

  it('refuses ?access_token= in the URL, even when the token is good', async () => {
    const token = await forge();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/identity/personinfo?access_token=${token}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Send the token in the Authorization header, never in the URL');
  });

  it("stops a disabled user's tokens on the next call", async () => {
    const id = await t.user('leaver', ['editor']);
    const token = await t.token(id, 'leaver');
    expect((await call(token)).statusCode).toBe(200);
    const disable = await t.request({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { disabled: 1 },
      as: 'admin',
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().disabled).toBe(1);
    const res = await call(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This account is disabled or no longer exists');
  });

  it('refuses before reading the body: no 400 for a bad body without an identity', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('lets the API documentation through without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/identity/personinfo',
        '/api/users',
        '/api/roles',
        '/api/permissions',
        '/api/permissions/{role_id}',
        '/api/contents/{id}/roles',
      ]),
    );
    expect(paths.some((path) => path.startsWith('/oidc'))).toBe(false);
  });
});
