/**
 * Token expiry in Chromium (§4 Token, §9): with 60-second access tokens the renewal timer renews
 * before expiry without reloading, so a half-filled Add Item dialog and the filter keep what was
 * typed and OK then works with the new token; calls made once the token has expired are held
 * while one silent renewal runs, then all go out with the new token; a token found expired (a
 * tab asleep past its expiry) sends the person to sign in and back to the same item.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';

describe('token expiry and renewal', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  const storedUser = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
      return key
        ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number })
        : null;
    });

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy({ CANOPY_ACCESS_TOKEN_TTL: '60' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    // The page's clock runs as the real one; a later step moves its date past an expiry.
    await page.clock.install();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renews before expiry and keeps everything typed', async () => {
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD);
    const home = page.getByRole('treeitem', { name: 'Home', exact: true });
    await home.waitFor();
    const first = (await storedUser())!;
    expect(first.expires_at * 1000 - Date.now()).toBeLessThanOrEqual(60_000);

    // Typed, not saved: the filter and a half-filled Add Item dialog.
    await page.getByPlaceholder('Filter Items').fill('Ho');
    await home.click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('radio', { name: 'Page' }).check();
    await dialog.getByLabel('Item Name').fill('Written across a renewal');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    // The page's clock jumps to 6 s before expiry, past the renewal timer's 0-5 s window: the
    // timer fires as it would a minute from now, and the renewal itself runs in real time.
    await page.clock.fastForward(Math.max(0, first.expires_at * 1000 - Date.now() - 6000));
    await expect
      .poll(async () => (await storedUser())?.access_token, { timeout: 20_000 })
      .not.toBe(first.access_token);
    const renewed = (await storedUser())!;
    expect(renewed.expires_at).toBeGreaterThan(first.expires_at);
    // The same page (no reload), with what was typed.
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await dialog.getByLabel('Item Name').inputValue()).toBe('Written across a renewal');
    expect(await page.getByPlaceholder('Filter Items').inputValue()).toBe('Ho');
    await page.screenshot({ path: '/tmp/canopy-token-renewed.png' });

    // OK then goes out with the renewed token, and works.
    const created = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/contents',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect((await created).headers().authorization).toBe(`Bearer ${renewed.access_token}`);
    await page.getByRole('heading', { name: 'Written across a renewal', level: 2 }).waitFor();
  }, 60_000);

  it('holds a burst of calls made after expiry, renews once, and every call succeeds', async () => {
    const before = (await storedUser())!;
    const renewals: string[] = [];
    const api: Array<{ path: string; authorization: string | null; status?: number }> = [];
    const pending = new Set<Request>();
    const onRenewal = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/oidc/token' || url.pathname === '/oidc/auth') {
        renewals.push(url.pathname);
      }
    };
    // The panel's own calls (the renewal's hidden frame loads the panel too, signed out).
    // The live event stream stays open by design: it is not one of the calls that must finish.
    const isApi = (request: Request) => {
      const path = new URL(request.url()).pathname;
      return (
        request.frame() === page.mainFrame() && path.startsWith('/api/') && path !== '/api/events'
      );
    };
    // Only calls made from here on (the editor's own background calls may already be out).
    const onRequest = (request: Request) => {
      if (isApi(request)) pending.add(request);
    };
    const onFailed = (request: Request) => {
      pending.delete(request);
    };
    const onFinished = async (request: Request) => {
      if (!pending.has(request)) return;
      const authorization = (await request.allHeaders()).authorization ?? null;
      const status = (await request.response())?.status();
      api.push({ path: new URL(request.url()).pathname, authorization, status });
      pending.delete(request);
    };
    page.on('request', onRenewal);
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    page.on('requestfinished', onFinished);
    // This step's listeners end with it: the next step's calls are not its to follow.
    onTestFinished(() => {
      page.off('request', onRenewal);
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      page.off('requestfinished', onFinished);
    });

    // The page's date passes the token's expiry before the renewal timer fires (as when the
    // machine slept); the server still takes the token, so only the page's own check renews.
    await page.clock.setSystemTime(before.expires_at * 1000 + 2000);
    const tree = page.getByRole('tree');
    await tree.getByRole('treeitem', { name: 'Media Library', exact: true }).click();
    await page.getByRole('heading', { name: 'Media Library', level: 2 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Written across a renewal', level: 2 }).waitFor();
    await expect.poll(async () => (await storedUser())?.access_token).not.toBe(before.access_token);
    await expect.poll(() => pending.size).toBe(0);
    const renewed = (await storedUser())!;

    // One silent renewal (the hidden frame's authorization, then one code exchange)...
    expect(renewals).toEqual(['/oidc/auth', '/oidc/token']);
    // ...and every call of the burst went out once, with the new token, and succeeded.
    expect(api.length).toBeGreaterThanOrEqual(3);
    for (const call of api) {
      expect(call.authorization, call.path).toBe(`Bearer ${renewed.access_token}`);
      // 200, or 204 for the editor's 'no longer here' as it closes
      expect([200, 204], call.path).toContain(call.status);
    }
    await page.screenshot({ path: '/tmp/canopy-token-burst.png' });
  }, 30_000);

  it('sends a tab whose token expired to sign in, and back to the same item', async () => {
    const path = new URL(page.url()).pathname;
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      const user = JSON.parse(localStorage.getItem(key)!);
      localStorage.setItem(
        key,
        JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 5 }),
      );
    });
    await page.reload();
    // The provider still knows the person, or asks again; either way the same item opens.
    const signIn = page.getByRole('heading', { name: 'Sign in' });
    const item = page.getByRole('heading', { name: 'Written across a renewal', level: 2 });
    await signIn
      .or(item)
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/canopy-token-expired-fail.png' });
        throw new Error(`${String(error)} at ${page.url()}`);
      });
    if (await signIn.isVisible()) {
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await item.waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    const user = (await storedUser())!;
    expect(user.expires_at * 1000).toBeGreaterThan(Date.now());
  }, 60_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
