/**
 * The Settings screens for real: an administrator signs in on the provider page, opens Settings
 * from the user menu, creates a site with a new home page and a host name and sees its delivery
 * answer on that host (a Host header; then on a new host name, without a restart), and deletes it after a
 * confirmation naming what goes; creates an API key, calls the API with it, revokes it and sees
 * the call refused; adds a user, who signs in with the one-time password in a second browser
 * context, then disables them, sees their next call refused, and deletes them; creates a role,
 * renames it and changes its rank, opens it in the permissions editor, grants it Read on one
 * branch (a member's tree shows that branch and nothing else) and deletes it. The
 * refusals (disabling oneself) show the server's reason. axe checks every screen.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { adminApi, type Api } from './publishing';
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
  let api: Api;

  const call = (path: string, headers: Record<string, string>) =>
    fetch(`${server.base}${path}`, { headers }).then((response) => response.status);
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const axe = (label: string) => expectNoAxeViolations(page, label);
  /**
   * The delivery page at `path` as a browser on `host` gets it: its status and body. (fetch
   * sends the URL's own Host header whatever it is given; node:http sends the one named.)
   */
  const onHost = (host: string, path = '/') =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.base}${path}`, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
  /** Waits (without a fixed sleep) until `check` holds for the reply, polling the server. */
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((done) => setTimeout(done, 100)); // the poll's interval
    }
  };
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
    // axe needs a context of its own
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD);
    api = await adminApi(server);
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
    await axe('the API keys screen');
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
    await axe('the users screen');
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

    await page.getByRole('button', { name: 'Actions for dana' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByText('Delete dana?', { exact: false }).waitFor();
    await axe('the delete user confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('dana has been deleted');
    await row.waitFor({ state: 'detached' });
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

  it('creates a role, renames it, changes its rank, opens it in the permissions editor and deletes it', async () => {
    onFailure();
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Create role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create role' });
    await dialog.getByLabel('Name').fill('Reviewers');
    await dialog.getByLabel('Rank').fill('20');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('The role Reviewers has been created');
    const row = page.getByRole('row').filter({ hasText: 'reviewers' });
    await row.getByRole('cell', { name: 'reviewers', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Actions for Reviewers' }).click();
    await page.getByRole('menuitem', { name: 'Rename or change rank' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role Reviewers' });
    await edit.getByLabel('Name').fill('Proof readers');
    await edit.getByLabel('Rank').fill('30');
    await axe('the edit role dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('The role Proof readers has been saved');
    await row.getByRole('cell', { name: 'Proof readers', exact: true }).waitFor();
    await row.getByRole('cell', { name: '30', exact: true }).waitFor();
    // Sorted by the server: by rank, highest first, the administrator role leads.
    await page
      .getByRole('table', { name: 'Roles' })
      .getByRole('row')
      .nth(1)
      .getByText('Administrator', { exact: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Actions for Administrator' }).click();
    await page.getByRole('menuitem', { name: /^Delete \(built-in roles/ }).waitFor();
    expect(
      await page.getByRole('menuitem', { name: /^Delete \(built-in roles/ }).isDisabled(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    // The roles screen as a person sees it once the menu has gone, not while it fades out.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await axe('the roles screen');
    await shoot('roles');

    await page.getByRole('button', { name: 'Actions for Proof readers' }).click();
    await page.getByRole('menuitem', { name: 'Open in permissions editor' }).click();
    const chosen = page.getByRole('combobox', { name: 'Role' });
    await until(
      'the permissions editor shows Proof readers',
      async () => (await chosen.isVisible()) && (await chosen.inputValue()) === 'Proof readers',
    );
    await axe('the permissions editor opened from Settings');

    // Read on one branch for the new role: a member's tree shows that branch and nothing else.
    const roles = (await api('GET', '/api/roles?q=Proof')) as { role_id: string }[];
    const member = (await api('POST', '/api/users', {
      username: 'prue',
      given_name: 'Prue',
      family_name: 'Reader',
      password: 'proof-reader-password',
      roles: [roles[0]!.role_id],
    })) as { user_id: string };
    const tree = (on: Page, name: string) => on.getByRole('treeitem', { name, exact: true });
    await tree(page, 'Home').click();
    if ((await tree(page, 'Home').getAttribute('aria-expanded')) !== 'true') {
      await page.keyboard.press('ArrowRight');
    }
    await page.getByRole('button', { name: 'Edit permissions of Services' }).click();
    const grant = page.getByRole('dialog', { name: 'Edit Permissions' });
    await grant
      .getByRole('radiogroup', { name: 'Read' })
      .getByText('Grant', { exact: true })
      .click();
    await grant.getByRole('button', { name: 'OK' }).click();
    await grant.waitFor({ state: 'detached' });
    await tree(page, 'Services').getByLabel('Read', { exact: true }).waitFor();
    await shoot('role-grants-read');
    const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const prue = await memberContext.newPage();
    await signInAdmin(prue, server.base, 'prue', 'proof-reader-password');
    await tree(prue, 'Services').waitFor();
    expect(await tree(prue, 'About').count()).toBe(0);
    expect(await tree(prue, 'Careers').count()).toBe(0);
    await memberContext.close();
    await api('DELETE', `/api/users/${member.user_id}`);

    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Close Permissions Editor' }).click();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Actions for Proof readers' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete role' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast('The role Proof readers has been deleted');
    await row.waitFor({ state: 'detached' });
  }, 120_000);

  it('creates a site with a new home page, serves it on its host name, moves it and deletes it', async () => {
    onFailure();
    await page.getByRole('tab', { name: 'Sites' }).click();
    await page.getByRole('heading', { name: 'Sites' }).waitFor();
    const demo = page.getByRole('row').filter({ hasText: 'Canopy Demo' });
    await demo.getByText('Any host').first().waitFor();
    await axe('the sites screen');

    await page.getByRole('button', { name: 'Create site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create site' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Shop');
    await dialog.getByRole('combobox', { name: /^Page template/ }).click();
    await page.getByRole('option', { name: 'Page', exact: true }).click();
    await dialog.getByLabel('Home page name').fill('Shop Home');
    await dialog.getByLabel('Delivery host names').fill('shop.e2e.test');
    await axe('the create site dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('The site Shop has been created');
    const row = page.getByRole('row').filter({ hasText: 'Shop Home' });
    await row.getByText('shop.e2e.test').waitFor();
    await shoot('sites');

    // The new site answers on its host name; published, its home page is delivered there.
    expect((await onHost('shop.e2e.test')).status).toBe(404);
    const sites = (await api('GET', '/api/sites?q=Shop')) as {
      site_id: string;
      root: { content_id: string };
    }[];
    const { site_id, root } = sites[0]!;
    await api('PUT', `/api/contents/${root.content_id}`, { version: 1, status_id: 'staged' });
    const { build_id } = await api('POST', '/api/releases', { mode: 'delivery', site_id });
    await until('the build has ended', async () =>
      ['succeeded', 'failed'].includes((await api('GET', `/api/builds/${build_id}`)).status),
    );
    expect((await api('GET', `/api/builds/${build_id}`)).status).toBe('succeeded');
    const home = await onHost('shop.e2e.test');
    expect(home.status).toBe(200);
    expect(home.body).toContain('Shop Home');
    expect((await onHost('localhost')).body).not.toContain('Shop Home');

    // A new host name and base path are served at once.
    await page.getByRole('button', { name: 'Edit Shop' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Shop' });
    await edit.getByLabel('Delivery host names').fill('www.shop.e2e.test');
    await edit.getByLabel('Delivery base path').fill('/store');
    await axe('the edit site dialog');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('The site Shop has been saved');
    await row.getByText('www.shop.e2e.test').waitFor();
    expect((await onHost('www.shop.e2e.test', '/store')).body).toContain('Shop Home');
    expect((await onHost('shop.e2e.test')).body).not.toContain('Shop Home');

    // The demo site holds pages: it cannot go. Shop holds only its home: it can, after a confirmation.
    await page.getByRole('button', { name: 'Delete Canopy Demo' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete site' });
    await refused.getByText(/besides its home item; delete or move them first/).waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Delete Shop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete site' });
    await confirm
      .getByText(
        'Delete the site Shop? With it go its home item Shop Home (1 version), 1 build, 1 publish record, its host names and base paths. This cannot be undone.',
      )
      .waitFor();
    await axe('the delete site confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('The site Shop has been deleted');
    await row.waitFor({ state: 'detached' });
    expect((await onHost('www.shop.e2e.test', '/store')).body).not.toContain('Shop Home');
  }, 180_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
