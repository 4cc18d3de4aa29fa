/**
 * Security headers, part by part: the admin and the page editor (strict CSP, framed by this
 * origin only), the sign-in pages, the API (CORS allow-list, no caching of authenticated
 * answers), site delivery and preview (the site's own headers), media files; and HSTS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadSecurityConfig } from '../../src/config';
import { loadAuthConfig } from '../../src/auth/config';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { DEMO_SITE_ID, startDemo } from '../publishing/helpers';

const LISTED = 'https://www.example.com';
const UNLISTED = 'https://evil.example.net';
const SITE_CSP = "default-src 'self'; img-src 'self' https://images.example.com";

/** What every answer says about itself. */
function expectCommon(reply: LightMyRequestResponse) {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

/** The directives of a Content-Security-Policy, by name. */
function directives(value: unknown): Record<string, string> {
  return Object.fromEntries(
    String(value)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

/** A browser's CORS preflight from `origin` for `method` on the API. */
function preflight(t: TestApp, origin: string, method: string, requestHeaders?: string) {
  return t.app.inject({
    method: 'OPTIONS',
    url: '/api/contents',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(requestHeaders && { 'access-control-request-headers': requestHeaders }),
    },
  });
}

describe.each(DIALECTS)('security headers (%s)', (dialect) => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-headers-'));
  beforeAll(async () => {
    t = await startDemo(
      dialect,
      {},
      {
        dataDir,
        microappApiBase: 'https://apps.example.com/api/',
        security: loadSecurityConfig(
          {
            CANOPY_CORS_ORIGINS: LISTED,
            CANOPY_SITE_HEADERS: JSON.stringify({
              [DEMO_SITE_ID]: { 'Content-Security-Policy': SITE_CSP, 'X-Frame-Options': 'DENY' },
            }),
          },
          'http://localhost:3000',
        ),
      },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the admin and the page editor a strict policy, framed by this origin only', async () => {
    for (const url of ['/admin/', '/admin/content/x', '/admin/page-editor/x']) {
      const reply = await t.app.inject({ url });
      expectCommon(reply);
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const csp = directives(reply.headers['content-security-policy']);
      expect(csp['script-src']).toBe("'self'");
      expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
      expect(csp['frame-ancestors']).toBe("'self'");
      expect(csp['object-src']).toBe("'none'");
      // The micro-app API base is another origin here: the admin may call it.
      expect(csp['connect-src']).toBe("'self' https://apps.example.com");
      // The page editor shows the site's page: its images and frames may be anywhere on https.
      expect(csp['img-src']).toBe(
        url.includes('page-editor') ? "'self' data: blob: https:" : "'self' data: blob:",
      );
    }
  });

  it('gives the sign-in pages and the provider the same framing rules', async () => {
    for (const url of [
      '/oidc/interaction/unknown',
      '/oidc/.well-known/openid-configuration',
      // The provider's own error page.
      '/oidc/auth?client_id=unknown&response_type=code&scope=openid',
    ]) {
      const reply = await t.app.inject({ url });
      expect(reply.statusCode).toBeLessThan(500);
      expectCommon(reply);
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = directives(reply.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toBe("'self'");
      expect(csp['default-src']).toBe("'none'");
    }
    const page = await t.app.inject({ url: '/oidc/interaction/unknown' });
    expect(page.body).toContain('Sign-in expired');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('never lets caches keep an authenticated API answer, and says what it is', async () => {
    const signedIn = await t.request({ url: '/api/identity/personinfo' });
    expect(signedIn.statusCode).toBe(200);
    expectCommon(signedIn);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers['content-security-policy']).toBeUndefined();

    const refused = await t.request({ url: '/api/identity/personinfo', as: null });
    expect(refused.statusCode).toBe(401);
    expectCommon(refused);

    const anonymous = await t.request({ url: '/api/identity/config', as: null });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('answers a preflight from a listed origin, with credentials', async () => {
    const reply = await preflight(t, LISTED, 'PUT', 'authorization, content-type');
    expect(reply.statusCode).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(LISTED);
    expect(reply.headers['access-control-allow-credentials']).toBe('true');
    expect(reply.headers['access-control-allow-methods']).toContain('PUT');
    expect(reply.headers['access-control-allow-headers']).toContain('authorization');
    expect(reply.headers['access-control-allow-headers']).toContain('content-type');

    const read = await t.request({ url: '/api/identity/personinfo', headers: { origin: LISTED } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(LISTED);
    expect(read.headers['access-control-allow-credentials']).toBe('true');
    expect(read.headers.vary).toContain('Origin');
  });

  it('refuses a preflight from an unlisted origin, saying how to allow it', async () => {
    const reply = await preflight(t, UNLISTED, 'DELETE');
    expect(reply.statusCode).toBe(403);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    expect(reply.json()).toEqual({
      code: 'FORBIDDEN',
      message: `Pages of ${UNLISTED} may not call the API from the browser; add the origin to CANOPY_CORS_ORIGINS`,
    });

    const read = await t.request({
      url: '/api/identity/personinfo',
      headers: { origin: UNLISTED },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers delivery pages with the site’s own headers', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expectCommon(page);
    expect(page.headers['content-security-policy']).toBe(SITE_CSP);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps preview pages framed by this origin only and out of shared caches', async () => {
    const session = await t.request({ method: 'POST', url: '/api/preview/session' });
    expect(session.statusCode).toBe(204);
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const page = await t.app.inject({ url: '/preview/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expectCommon(page);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Both apply: the site's policy and preview's framing rule.
    expect(page.headers['content-security-policy']).toEqual([SITE_CSP, "frame-ancestors 'self'"]);
  });

  it('says what media files and unknown addresses are', async () => {
    for (const url of ['/media-library/media/nothing.png', '/api/nothing']) {
      const reply = await t.request({ url });
      expect(reply.statusCode).toBe(404);
      expectCommon(reply);
    }
  });

  it('sends no HSTS over http', async () => {
    const reply = await t.app.inject({ url: '/admin/' });
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(DIALECTS)('security defaults (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect, {
      publicUrl: 'https://cms.example.com',
      security: loadSecurityConfig({}, 'https://cms.example.com'),
      auth: loadAuthConfig({
        OIDC_ISSUER: 'https://login.example.com/realms/canopy',
        OIDC_CLIENT_ID: 'canopy',
      }),
    });
  });
  afterAll(() => t.close());

  it('allows no other origin by default', async () => {
    const reply = await preflight(t, LISTED, 'GET');
    expect(reply.statusCode).toBe(403);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends HSTS on every answer when the public address is https', async () => {
    for (const url of ['/admin/', '/api/identity/config', '/']) {
      const reply = await t.app.inject({ url });
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });

  it('lets the admin reach an external issuer', async () => {
    const csp = directives(
      (await t.app.inject({ url: '/admin/' })).headers['content-security-policy'],
    );
    expect(csp['connect-src']).toBe("'self' https://login.example.com");
    expect(csp['frame-src']).toContain('https://login.example.com');
  });
});

describe('CANOPY_HSTS and CANOPY_SITE_HEADERS', () => {
  it('turns HSTS off, or sends the given value', () => {
    expect(loadSecurityConfig({ CANOPY_HSTS: 'off' }, 'https://cms.example.com').hsts).toBeNull();
    expect(
      loadSecurityConfig({ CANOPY_HSTS: 'max-age=60; includeSubDomains' }, 'https://x.example')
        .hsts,
    ).toBe('max-age=60; includeSubDomains');
  });

  it('refuses values it cannot use, saying what they should be', () => {
    expect(() => loadSecurityConfig({ CANOPY_HSTS: 'yes' }, 'https://x.example')).toThrow(
      'CANOPY_HSTS must be "off" or a header value like "max-age=31536000; includeSubDomains", got "yes"',
    );
    expect(() =>
      loadSecurityConfig({ CANOPY_CORS_ORIGINS: 'www.example.com' }, 'http://x'),
    ).toThrow(
      'CANOPY_CORS_ORIGINS: "www.example.com" is not an origin like https://www.example.com',
    );
    expect(() =>
      loadSecurityConfig({ CANOPY_SITE_HEADERS: '{"site": {"X-Frame-Options": 1}}' }, 'http://x'),
    ).toThrow('CANOPY_SITE_HEADERS: the headers of site "site" must be an object');
  });
});
