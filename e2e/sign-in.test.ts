/**
 * Signing in for real: Canopy started as `canopy start` on a fresh data folder, Debian's
 * Chromium driven through the embedded provider's sign-in page with the authorization code flow
 * and PKCE, then the content API called with the access token the browser got; and deep links
 * into the admin that come back to where they pointed after signing in (§2 Routes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  freePort,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

/** The demo's Home page (packages/server/src/seed/content.ts). */
const HOME_ID = '7e000000-0000-4000-8000-00000000a002';

/** Every address the tab shows from now on, the provider's redirects included. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

const SCREENSHOT = '/tmp/canopy-sign-in.png';
const ERROR_SCREENSHOT = '/tmp/canopy-sign-in-error.png';

describe('signing in through the embedded provider in Chromium', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    buildAdmin();
    // Its first start: the sign-ins it prints are checked below.
    server = await startCanopy({}, { firstStart: true });
    base = server.base;
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the authorization request; the admin page it returns to is stood in for by a stub. */
  async function beginSignIn(page: Page) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(8).toString('hex');
    const redirectUri = `${base}/admin/`;
    await page.route(`${base}/admin/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Admin</title><p>Signed in</p>',
      }),
    );
    const query = new URLSearchParams({
      client_id: 'canopy-admin',
      response_type: 'code',
      scope: 'openid profile api-access email',
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    });
    await page.goto(`${base}/oidc/auth?${query}`);
    return { verifier, state, redirectUri };
  }

  it('says the administrator password came from the environment, without printing it', () => {
    expect(server.output()).toContain("user 'admin'  password (the password from the environment)");
    expect(server.output()).not.toContain(ADMIN_PASSWORD);
  });

  it('shows a clear error for a wrong password', async () => {
    const page = await browser.newPage();
    await beginSignIn(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The username or password is not correct. Check them and try again.',
    );
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: ERROR_SCREENSHOT });
    await page.close();
  });

  it('signs in with code + PKCE and calls the API with the access token', async () => {
    const page = await browser.newPage();
    const { verifier, state, redirectUri } = await beginSignIn(page);
    expect(await page.title()).toBe('Sign in · Canopy');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: SCREENSHOT });

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(redirectUri)),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    // The admin page exchanges the code and calls the API, as the admin panel does.
    const result = await page.evaluate(
      async ({ code, verifier, redirectUri }) => {
        const tokenResponse = await fetch('/oidc/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: code!,
            redirect_uri: redirectUri,
            client_id: 'canopy-admin',
            code_verifier: verifier,
          }),
        });
        const tokens = await tokenResponse.json();
        const me = await fetch('/api/identity/personinfo', {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        const without = await fetch('/api/identity/personinfo');
        return {
          tokenStatus: tokenResponse.status,
          scope: tokens.scope as string,
          idToken: tokens.id_token as string,
          status: me.status,
          person: await me.json(),
          withoutStatus: without.status,
        };
      },
      { code, verifier, redirectUri },
    );
    expect(result.tokenStatus).toBe(200);
    // The access token is for the API; the profile and email scopes show in the ID token.
    expect(result.scope).toBe('api-access');
    const idToken = JSON.parse(Buffer.from(result.idToken.split('.')[1]!, 'base64url').toString());
    expect(idToken).toMatchObject({
      aud: 'canopy-admin',
      preferred_username: 'admin',
      email: 'admin@example.com',
    });
    expect(result.status).toBe(200);
    expect(result.person).toMatchObject({
      preferred_username: 'admin',
      name: 'Ada Admin',
      email: 'admin@example.com',
      roles: ['administrator'],
      is_admin: 1,
    });
    expect(result.withoutStatus).toBe(401);
    await page.close();
  });

  describe('deep links into the admin come back after signing in (§2 Routes)', () => {
    let context: BrowserContext;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    });
    afterAll(() => context?.close());

    /**
     * Opens `path` with no token in the browser, signs in when the provider asks (it does not
     * once it knows the person), and returns every address the tab showed on the way.
     */
    async function signInAt(path: string, landed: (page: Page) => Promise<void>) {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      // Forget the admin's tokens (a page of the origin that is not the admin, so nothing signs in).
      await page.goto(`${base}/api/identity/config`);
      await page.evaluate(() => localStorage.clear());
      const seen = addressesOf(page);
      await page.goto(`${base}${path}`);
      const signIn = page.getByRole('heading', { name: 'Sign in' });
      const admin = page.getByPlaceholder('Filter Items');
      await signIn.or(admin).waitFor();
      if (await signIn.isVisible()) {
        await page.getByLabel('Username').fill('admin');
        await page.getByLabel('Password').fill(ADMIN_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
      }
      await landed(page);
      return { page, seen };
    }

    /** The address bar holds the path and nothing of the sign-in. */
    function expectClean(page: Page, path: string) {
      expect(page.url()).toBe(`${base}${path}`);
      for (const leftover of ['path=', 'code=', 'state=', '#']) {
        expect(page.url()).not.toContain(leftover);
      }
    }

    it('opens an item at the version the link named', async () => {
      const path = `/admin/content/${HOME_ID}?version=1`;
      const { page, seen } = await signInAt(path, (on) =>
        on.getByRole('heading', { name: 'Home', level: 2 }).waitFor(),
      );
      // The provider sent the browser back with the return path in the fragment (a local host).
      const callback = seen.find((url) => url.includes('code='));
      expect(callback).toBeDefined();
      expect(new URL(callback!).hash).toBe(`#path=${encodeURIComponent(path)}`);
      await page.getByPlaceholder('Filter Items').waitFor();
      expectClean(page, path);
      await page.screenshot({ path: '/tmp/canopy-sign-in-deep-link.png' });
      await page.close();
    }, 60_000);

    it('opens a screen of the admin', async () => {
      const { page } = await signInAt('/admin/microapps', (on) =>
        on.getByRole('heading', { name: 'Micro-apps', level: 2 }).waitFor(),
      );
      expectClean(page, '/admin/microapps');
      await page.close();
    }, 60_000);

    it('follows a path given in the query or the fragment of the address', async () => {
      for (const carried of ['?path=%2Fadmin%2Fmicroapps', '#path=%2Fadmin%2Fmicroapps']) {
        const { page } = await signInAt(`/admin/${carried}`, (on) =>
          on.getByRole('heading', { name: 'Micro-apps', level: 2 }).waitFor(),
        );
        expectClean(page, '/admin/microapps');
        await page.close();
      }
    }, 60_000);

    it('never follows a path that leaves the site: the admin opens with the address cleaned', async () => {
      for (const forged of [
        '//evil.com',
        'https://evil.com',
        '/\\evil.com',
        'javascript:alert(1)',
      ]) {
        const { page } = await signInAt(`/admin/?path=${encodeURIComponent(forged)}`, (on) =>
          on.getByText('Pick an item in the tree').waitFor(),
        );
        await expect.poll(() => page.url()).toBe(`${base}/admin/`);
        expectClean(page, '/admin/');
        await page.close();
      }
    }, 90_000);

    it('takes a signed-in person straight to the path an address carries, and no further', async () => {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const seen = addressesOf(page);
      await page.goto(`${base}/admin/?path=${encodeURIComponent('/admin/microapps')}`);
      await page.getByRole('heading', { name: 'Micro-apps', level: 2 }).waitFor();
      expectClean(page, '/admin/microapps');
      await page.goto(`${base}/admin/#path=${encodeURIComponent('//evil.com')}`);
      await page.getByText('Pick an item in the tree').waitFor();
      await expect.poll(() => page.url()).toBe(`${base}/admin/`);
      // Signed in already: the provider was never visited.
      expect(seen.filter((url) => new URL(url).pathname.startsWith('/oidc/'))).toEqual([]);
      await page.close();
    }, 60_000);
  });
});

describe('on a host that is not local, the return path travels in the query (§2 Routes)', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    buildAdmin();
    // cms.canopy.test is this machine to Chromium; it is a secure context as a real host with
    // TLS would be (the sign-in's PKCE needs Web Crypto).
    const port = await freePort();
    base = `http://cms.canopy.test:${port}`;
    server = await startCanopy({ PORT: String(port), CANOPY_PUBLIC_URL: base });
    browser = await launchChromium([
      '--host-resolver-rules=MAP cms.canopy.test 127.0.0.1',
      `--unsafely-treat-insecure-origin-as-secure=${base}`,
    ]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('comes back to an item through /admin/?path=, and the address is cleaned', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
    const seen = addressesOf(page);
    const path = `/admin/content/${HOME_ID}?version=1`;
    await page.goto(`${base}${path}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    await page.getByPlaceholder('Filter Items').waitFor();

    const callback = new URL(seen.find((url) => url.includes('code='))!);
    expect(callback.pathname).toBe('/admin/');
    expect(callback.searchParams.get('path')).toBe(path);
    expect(callback.hash).toBe('');
    expect(page.url()).toBe(`${base}${path}`);
    await page.close();
  }, 60_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
