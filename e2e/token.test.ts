/**
 * Token expiry in Chromium (§4 Token, §9): with 60-second access tokens the renewal timer renews
 * before expiry without reloading, so a half-filled Add Item dialog and the filter keep what was
 * typed and OK then works with the new token; a token found expired (a tab asleep past its
 * expiry) sends the person to sign in and back to the same item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
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

    await expect
      .poll(async () => (await storedUser())?.access_token, { timeout: 75_000, interval: 1000 })
      .not.toBe(first.access_token);
    const renewed = (await storedUser())!;
    expect(renewed.expires_at).toBeGreaterThan(first.expires_at);
    // The same page (no reload), with what was typed.
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await dialog.getByLabel('Item Name').inputValue()).toBe('Written across a renewal');
    expect(await page.getByPlaceholder('Filter Items').inputValue()).toBe('Ho');
    await page.screenshot({ path: '/tmp/canopy-token-renewed.png' });

    // Past the first token's expiry, OK works with the renewed one.
    while (Date.now() < first.expires_at * 1000 + 1000) await page.waitForTimeout(500);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Written across a renewal', level: 2 }).waitFor();
  }, 120_000);

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
    await signIn.or(item).waitFor();
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
