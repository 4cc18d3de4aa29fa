/**
 * The Activity screen with what administrators alone read: a failed sign-in, a permission change,
 * a user added and a new template show with their words, and the template opens in the template editor; an
 * editor's Activity offers neither kind and shows neither. Screenshots go to /tmp/canopy-activity/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEMPLATE_FOLDER_ID } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  accessTokenOf,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  pageOfItsOwn,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { expectNoAxeViolations } from './axe';

const SHOTS = '/tmp/canopy-activity';
/** The demo's Home page (packages/server/src/seed/content.ts). */
const HOME_ID = '7e000000-0000-4000-8000-00000000a002';

describe('the Activity screen', { timeout: 240_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = () => pageOfItsOwn(browser, contexts);

  async function openActivity(page: Page, name: string) {
    await page.getByRole('button', { name: `${name}, user menu` }).click();
    await page.getByRole('menuitem', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    return page.getByRole('table', { name: 'Activity' }).getByRole('row');
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
  }, 400_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows administrators failed sign-ins, permission changes and template writes', async () => {
    const ada = await newPage();
    await ada.goto(`${server.base}/admin/`);
    await ada.getByLabel('Username').fill('editor');
    await ada.getByLabel('Password').fill('not the password');
    await ada.getByRole('button', { name: 'Sign in' }).click();
    await ada.getByText('The username or password is not correct').waitFor();
    await ada.getByLabel('Username').fill('admin');
    await ada.getByLabel('Password').fill(ADMIN_PASSWORD);
    await ada.getByRole('button', { name: 'Sign in' }).click();
    await ada.getByPlaceholder('Filter Items').waitFor();

    const token = await accessTokenOf(ada);
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return res.json() as Promise<Record<string, unknown>>;
    };
    await call('PUT', '/api/permissions/editor', { [HOME_ID]: { Delete: { permission: 0 } } });
    const template = await call('POST', '/api/templates', {
      template_name: 'Journey Folder',
      template_type_id: 'folder-template',
      parent_id: TEMPLATE_FOLDER_ID,
    });
    await call('POST', '/api/users', { username: 'journey-user', roles: ['editor'] });

    const rows = await openActivity(ada, 'Ada Admin');
    const failed = rows.filter({ hasText: 'Sign-in failed' });
    await failed.first().waitFor();
    expect(await failed.first().textContent()).toContain('editor (not signed in)');
    expect(await failed.first().textContent()).toContain(
      'sign-in page: wrong username or password',
    );
    const permissions = rows.filter({ hasText: 'Permissions changed' });
    expect(await permissions.first().textContent()).toContain('role editor: Delete refused');
    expect(await permissions.first().textContent()).toContain('Home');
    const added = rows.filter({ hasText: 'User added' });
    expect(await added.first().textContent()).toContain('user journey-user, roles editor');
    await shot(ada, 'activity-admin');
    await expectNoAxeViolations(ada, 'activity screen with administrators’ entries');

    await ada.getByRole('combobox', { name: 'Action' }).click();
    await ada.getByRole('option', { name: 'Sign-in failed' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await shot(ada, 'activity-sign-in-failed');

    await ada.getByRole('combobox', { name: 'Action' }).click();
    await ada.getByRole('option', { name: 'Template created' }).click();
    // The demo's own templates were made by the system as it started.
    await ada.getByRole('textbox', { name: 'User', exact: true }).fill('admin');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(1).getByRole('link', { name: 'Journey Folder' }).click();
    await ada.waitForURL(`**/admin/templates/${String(template.template_id)}`);
  });

  it('offers an editor neither kind and shows neither', async () => {
    const eddie = await newPage();
    await signInAdmin(eddie, server.base, 'editor', DEMO_PASSWORD);
    const rows = await openActivity(eddie, 'Eddie Editor');
    await eddie.getByText('Nothing matches these filters.').or(rows.nth(1)).first().waitFor();
    expect(await rows.filter({ hasText: 'Permissions changed' }).count()).toBe(0);
    expect(await rows.filter({ hasText: 'Sign-in failed' }).count()).toBe(0);
    await eddie.getByRole('combobox', { name: 'Action' }).click();
    await eddie.getByRole('option', { name: 'Saved' }).waitFor();
    expect(await eddie.getByRole('option', { name: 'Sign-in failed' }).count()).toBe(0);
    expect(await eddie.getByRole('option', { name: 'Permissions changed' }).count()).toBe(0);
    expect(await eddie.getByRole('option', { name: 'User added' }).count()).toBe(0);
    await shot(eddie, 'activity-editor');
    expectNoPolicyViolations();
  });
});
