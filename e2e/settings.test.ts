/**
 * The Settings screens for real: an administrator signs in on the provider page, opens Settings
 * from the user menu, creates an API key, calls the API with it, revokes it and sees the call
 * refused; adds a user, who signs in with the one-time password in a second browser context,
 * then disables them and sees their next call refused; creates and deletes a role. The refusals
 * (disabling oneself) show the server's reason.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  accessTokenOf,
  buildAdmin,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
  expectNoPolicyViolations,
} from './harness';

const SHOTS = '/tmp/canopy-settings';

describe('the administration screens', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  const call = (path: string, headers: Record<string, string>) =>
    fetch(`${server.base}${path}`, { headers }).then((response) => response.status);
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const shoot = async (name: string) => {
    await page.screenshot({ path: `${SHOTS}-${name}-1440.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: `${SHOTS}-${name}-1024.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const onFailure = () =>
    onTestFailed(async () => {
      await page.screenshot({ path: `${SHOTS}-failed.png` });
    });

  it('opens Settings from the user menu', async () => {
    onFailure();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Users', selected: true }).waitFor();
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('cell', { name: 'admin', exact: true })
      .waitFor();
  });

  it('creates an API key, which works until it is revoked', async () => {
    onFailure();
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('build-server');
    await dialog.getByLabel('Access').click();
    await page.getByRole('option', { name: 'Editor', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = dialog.getByRole('alert', { name: 'The new API key' }).locator('code');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^cnp_/);
    await dialog.getByRole('button', { name: 'Copy the new api key' }).waitFor();
    await toast('The API key build-server has been created');
    expect(await call('/api/roles', { 'x-api-key': key })).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: 'build-server' });
    await row.getByText('Active').waitFor();
    await row.getByText('Editor').waitFor();
    await shoot('api-keys');

    await page.getByRole('button', { name: 'Revoke build-server' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await toast('The API key build-server has been revoked');
    await row.getByText('Revoked').waitFor();
    expect(await call('/api/roles', { 'x-api-key': key })).toBe(401);
  });

  it('adds a user who signs in with the one-time password, then disables them', async () => {
    onFailure();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Username').fill('dana');
    await dialog.getByLabel('Given name').fill('Dana');
    await dialog.getByLabel('Family name').fill('Reyes');
    await dialog.getByLabel('Roles').click({ force: true }); // the pills field covers its input
    await page.getByRole('option', { name: 'Editor', exact: true }).click();
    await dialog.getByLabel('Email').click(); // closes the roles list
    await dialog.getByRole('button', { name: 'Add' }).click();
    const shown = dialog
      .getByRole('alert', { name: 'The one-time password of dana' })
      .locator('code');
    await shown.waitFor();
    const password = (await shown.textContent())!;
    await toast('dana has been added');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Dana Reyes' });
    await row.getByText('Editor').waitFor();
    await page.getByLabel('Filter users by name, username or email').fill('reyes');
    await page.getByText('1 of').waitFor();
    await shoot('users');

    const other = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const danaPage = await other.newPage();
    await signInAdmin(danaPage, server.base, 'dana', password);
    const danaToken = await accessTokenOf(danaPage);
    expect(await call('/api/menus', { authorization: `Bearer ${danaToken}` })).toBe(200);
    // not an administrator: no Settings in the menu
    await danaPage.getByRole('button', { name: 'User menu' }).click();
    await danaPage.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await danaPage.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Actions for dana' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page
      .getByRole('dialog', { name: 'Disable user' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await toast('dana has been disabled');
    await row.getByText('Disabled').waitFor();
    expect(await call('/api/menus', { authorization: `Bearer ${danaToken}` })).toBe(401);
    await other.close();
  });

  it('refuses to disable the signed-in administrator, saying why', async () => {
    onFailure();
    await page.getByLabel('Filter users by name, username or email').fill('');
    await page.getByRole('button', { name: 'Actions for admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable user' });
    await confirm.getByText('This is your own account').waitFor();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await toast('You cannot disable your own account');
    await page
      .getByRole('row')
      .filter({ hasText: 'admin@example.com' })
      .getByText('Active')
      .waitFor();
  });

  it('creates a role and deletes it while it is empty', async () => {
    onFailure();
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Create role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create role' });
    await dialog.getByLabel('Name').fill('Reviewers');
    await dialog.getByLabel('Rank').fill('20');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('The role Reviewers has been created');
    const row = page.getByRole('row').filter({ hasText: 'Reviewers' });
    await row.getByRole('cell', { name: 'reviewers', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Administrator' }).isDisabled()).toBe(
      true,
    );
    await shoot('roles');
    await page.getByRole('button', { name: 'Delete Reviewers' }).click();
    await page
      .getByRole('dialog', { name: 'Delete role' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast('The role Reviewers has been deleted');
    await row.waitFor({ state: 'detached' });
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
