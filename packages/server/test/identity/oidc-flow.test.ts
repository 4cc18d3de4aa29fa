import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { DIALECTS } from '../harness';
import {
  REDIRECT_URI,
  signIn,
  startIdentityApp,
  startSignIn,
  postSignIn,
  type IdentityApp,
} from './helpers';

describe.each(DIALECTS)('embedded OpenID provider on %s', (dialect) => {
  let t: IdentityApp;
  beforeAll(async () => {
    t = await startIdentityApp(dialect);
    await t.user('editor', ['editor'], 'correct horse battery');
  });
  afterAll(() => t.close());

  it('publishes its discovery document under /oidc', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://localhost:3000/oidc');
    expect(doc.authorization_endpoint).toBe('http://localhost:3000/oidc/auth');
    expect(doc.token_endpoint).toBe('http://localhost:3000/oidc/token');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'api-access']),
    );
  });

  it('signs its tokens with the keys of the signing_keys table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const kids = (res.json().keys as { kid: string; d?: string }[]).map((key) => key.kid);
    const stored = await t.db.selectFrom('signing_keys').select('kid').execute();
    expect(kids).toEqual(stored.map((row) => row.kid));
    expect(res.json().keys[0].d).toBeUndefined();
  });

  it('shows a sign-in page, then issues a JWT access token for the API through code + PKCE', async () => {
    const { interaction, cookie } = await startSignIn(t.app);
    const page = await t.app.inject({ method: 'GET', url: interaction, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<label for="username">Username</label>');
    expect(page.body).toContain('autocomplete="current-password"');

    const token = await signIn(t.app, 'editor', 'correct horse battery');
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body.token_type).toBe('Bearer');
    const claims = decodeJwt(body.access_token);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000/oidc',
      aud: 'canopy-api',
      scope: 'api-access',
      preferred_username: 'editor',
    });
    const idToken = decodeJwt(body.id_token);
    expect(idToken).toMatchObject({
      aud: 'canopy-admin',
      preferred_username: 'editor',
      name: 'Editor Tester',
      email: 'editor@example.com',
      roles: ['editor'],
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/identity/personinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      sub: claims.sub,
      name: 'Editor Tester',
      preferred_username: 'editor',
      given_name: 'Editor',
      family_name: 'Tester',
      email: 'editor@example.com',
      roles: ['editor'],
      is_admin: 0,
      kind: 'user',
    });
  });

  it('says clearly when the password is wrong, and keeps the username', async () => {
    const { interaction, cookie } = await startSignIn(t.app);
    const res = await postSignIn(t.app, interaction, cookie, 'editor', 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('The username or password is not correct.');
    expect(res.body).toContain('value="editor"');
  });

  it('treats an unknown user exactly like a wrong password', async () => {
    const { interaction, cookie } = await startSignIn(t.app);
    const res = await postSignIn(t.app, interaction, cookie, 'nobody', 'whatever it is');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('The username or password is not correct.');
  });

  it('tells a disabled user so, once the password is right', async () => {
    const id = await t.user('former', ['editor'], 'former password 1');
    await t.db.updateTable('users').set({ disabled: 1 }).where('user_id', '=', id).execute();
    const { interaction, cookie } = await startSignIn(t.app);
    const res = await postSignIn(t.app, interaction, cookie, 'former', 'former password 1');
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This account is disabled. Ask an administrator to enable it.');
    const wrong = await postSignIn(t.app, interaction, cookie, 'former', 'not it at all');
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses an authorization request without PKCE', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=canopy-admin&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('error=invalid_request');
    expect(new URL(String(res.headers.location)).searchParams.get('error_description')).toContain(
      'requires PKCE',
    );
  });

  it('refuses redirects to another site', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=canopy-admin&response_type=code&scope=openid&code_challenge=abc&code_challenge_method=S256&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri');
  });

  it('answers an expired or foreign sign-in page with a way forward', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/interaction/nothing-here' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Go back to Canopy and sign in again');
  });

  it('stores its records in the database', async () => {
    const rows = await t.db.selectFrom('oidc_payloads').select('kind').distinct().execute();
    expect(rows.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'AuthorizationCode', 'Interaction']),
    );
  });
});
