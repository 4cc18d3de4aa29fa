/**
 * The admin panel signed in by someone else: in gateway mode (a proxy's identity headers, no
 * sign-in page; here Chromium sends the headers the gateway would) and with an external issuer
 * (OIDC_ISSUER: a second Canopy's embedded provider stands in for Keycloak or Entra ID).
 * Screenshots go to /tmp/canopy-gateway-*.png.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  CANOPY_BIN,
  accessTokenOf,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

const running: RunningCanopy[] = [];
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  for (const server of running) await server.stop();
});

async function start(env: Record<string, string> = {}) {
  const server = await startCanopy(env);
  running.push(server);
  return server;
}

describe('gateway mode', () => {
  it('opens the panel with the identity the gateway passes, and writes with it', async () => {
    buildAdmin();
    const server = await start({ CANOPY_AUTH: 'gateway', CANOPY_TRUSTED_PROXIES: '127.0.0.1' });
    browser ??= await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      extraHTTPHeaders: {
        'x-canopy-sub': 'gw-grace',
        'x-canopy-preferred-username': 'grace',
        'x-canopy-roles': 'administrator',
        'x-canopy-given-name': 'Grace',
        'x-canopy-family-name': 'Gateway',
        'x-canopy-email': 'grace@example.com',
      },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.base}/admin/`);
    const home = page.getByRole('treeitem', { name: 'Home', exact: true });
    await home.waitFor();
    // Nobody signed in here: no provider page, no token in storage.
    expect(
      await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.'))),
    ).toBe(false);
    expect(await page.getByRole('button', { name: 'User menu' }).textContent()).toContain(
      'Grace Gateway',
    );

    await home.click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('radio', { name: 'Page' }).check();
    await dialog.getByLabel('Item Name').fill('Through the gateway');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Through the gateway', level: 2 }).waitFor();
    await page.getByText('Locked by you').waitFor();
    await page.screenshot({ path: '/tmp/canopy-gateway-mode.png' });
    await context.close();
  }, 400_000);
});

describe('an external issuer', () => {
  it('signs in on the issuer page and uses its tokens on the API', async () => {
    buildAdmin();
    const issuer = await start();
    const server = await start({
      OIDC_ISSUER: `${issuer.base}/oidc`,
      OIDC_CLIENT_ID: 'canopy-admin',
      OIDC_AUDIENCE: 'canopy-api',
    });
    browser ??= await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.base}/admin/`);
    // The sign-in page is the issuer's, not this server's.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).origin).toBe(issuer.base);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByPlaceholder('Filter Items').waitFor();
    expect(new URL(page.url()).origin).toBe(server.base);

    // The issuer's account is a new one here (linked by issuer and subject), with no roles yet:
    // an empty tree. Given a role on this server, the next sign-in shows the site.
    const username = await page.evaluate(
      async (token) => {
        const reply = await fetch('/api/identity/personinfo', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await reply.json()) as { preferred_username: string }).preferred_username;
      },
      await accessTokenOf(page),
    );
    await page.getByText('There are no items to show.').waitFor();
    execFileSync(process.execPath, [CANOPY_BIN, 'user', 'set-roles', username, 'editor'], {
      env: server.env,
    });
    // A fresh sign-in (the stored one forgotten; the issuer still knows the person, or asks
    // again) gets a token this server reads anew, with the role.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const home = page.getByRole('treeitem', { name: 'Home', exact: true });
    const signIn = page.getByRole('heading', { name: 'Sign in' });
    await home.or(signIn).waitFor();
    if (await signIn.isVisible()) {
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await home.waitFor();
    expect(new URL(page.url()).origin).toBe(server.base);
    await page.screenshot({ path: '/tmp/canopy-gateway-external.png' });
    await page.close();
  }, 600_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
