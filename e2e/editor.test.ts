/**
 * The item editor in Chromium against a real server: lock, edit the demo pages' text and choice
 * fields, save and reload; validation with the focus on the first invalid field; a stale save
 * from a second browser; another user's lock; Push to Staging, Back to Draft, Delete Draft; the
 * three Lock-on-published cases; switching versions with unsaved changes. Screenshots go to
 * /tmp/canopy-editor/.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MenuItem } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  CANOPY_BIN,
  DEMO_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { expectNoAxeViolations } from './axe';

const SHOTS = '/tmp/canopy-editor';
const SITE = '7e000000-0000-4000-8000-00000000a001';
const TITLE = '7e000000-0000-4000-8000-000000101003';

// A loaded machine: generous waits (each still fails on a real fault).
describe('the item editor', { timeout: 180_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  let token: string;
  const ids = new Map<string, string>();
  const contexts: BrowserContext[] = [];
  let page: Page;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  /** A new browser (its own storage), signed in on the provider page, on the item's editor. */
  async function signedIn(username: string, password: string, name: string, width = 1440) {
    const context = await browser.newContext({
      viewport: { width, height: width === 1440 ? 900 : 768 },
    });
    contexts.push(context);
    const opened = await context.newPage();
    opened.setDefaultTimeout(20_000);
    opened.setDefaultNavigationTimeout(60_000);
    await opened.goto(`${server.base}/admin/content/${ids.get(name)}`);
    await opened.getByRole('heading', { name: 'Sign in' }).waitFor();
    await opened.getByLabel('Username').fill(username);
    await opened.getByLabel('Password').fill(password);
    await opened.getByRole('button', { name: 'Sign in' }).click();
    await opened.getByRole('heading', { name, level: 2 }).waitFor();
    return opened;
  }

  const open = async (on: Page, name: string, version?: number) => {
    const query = version ? `?version=${version}` : '';
    await on.goto(`${server.base}/admin/content/${ids.get(name)}${query}`);
    await on.getByRole('heading', { name, level: 2 }).waitFor();
  };
  const shot = (on: Page, name: string) => on.screenshot({ path: `${SHOTS}/${name}.png` });
  const command = (on: Page, name: string) =>
    on.getByRole('toolbar', { name: 'Item commands' }).getByRole('button', { name, exact: true });
  const header = (on: Page) => on.getByRole('region', { name: 'Item header' });
  const toast = (on: Page, text: string) => on.getByText(text, { exact: true }).first().waitFor();
  const field = (on: Page, label: string) => on.getByLabel(label, { exact: false }).first();
  const dialog = (on: Page, title: string) => on.getByRole('dialog', { name: title });
  const status = (on: Page) => header(on).locator('.mantine-Badge-root').last().textContent();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CANOPY_BIN, 'token', '--user', 'admin'],
      { env: server.env },
    );
    token = stdout.trim().split('\n').pop()!;
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        ids.set(item.content_name, item.content_id);
        walk(item.children);
      }
    };
    walk((await api('GET', '/api/menus')) as MenuItem[]);
    browser = await launchChromium();
    page = await signedIn('admin', ADMIN_PASSWORD, 'Contact');
  }, 400_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('locks a draft, edits text and choice fields, saves with Ctrl+S and sees them after reload', async () => {
    expect(await header(page).getByText('Not locked').isVisible()).toBe(true);
    expect(await command(page, 'Save').isDisabled()).toBe(true);
    expect(await field(page, 'Title').getAttribute('readonly')).not.toBeNull();
    await shot(page, 'contact-unlocked');

    await command(page, 'Lock').click();
    await header(page).getByText('Locked by you').waitFor();
    await expect.poll(() => command(page, 'Unlock').isEnabled()).toBe(true);
    await field(page, 'Title').fill('Talk to us');
    await field(page, 'Summary').fill('Phone, mail, a map\nand opening hours.');
    expect(await page.getByText('37 / 4,000 characters').isVisible()).toBe(true);
    const navigation = page.getByLabel('Show In Navigation');
    const wasChecked = await navigation.isChecked();
    await navigation.click();
    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'dark' }).click();
    expect(await command(page, 'Save').isEnabled()).toBe(true);
    await shot(page, 'contact-edited');

    await field(page, 'Title').focus();
    await page.keyboard.press('Control+s');
    await toast(page, 'The content has been saved');
    expect(await command(page, 'Save').isDisabled()).toBe(true);
    expect(
      await header(page)
        .getByText(/Updated .* by Ada Admin/)
        .isVisible(),
    ).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Contact', level: 2 }).waitFor();
    expect(await field(page, 'Title').inputValue()).toBe('Talk to us');
    expect(await field(page, 'Summary').inputValue()).toBe(
      'Phone, mail, a map\nand opening hours.',
    );
    expect(await page.getByLabel('Show In Navigation').isChecked()).toBe(!wasChecked);
    expect(await page.getByRole('combobox', { name: 'Theme' }).inputValue()).toBe('dark');

    await command(page, 'Mark Updated').click();
    await toast(page, 'The updated date and person have been updated');
  });

  it('the live page beside the form shows what is typed before Save, as the site renders it', async () => {
    await command(page, 'Live page').click();
    expect(await command(page, 'Live page').getAttribute('aria-pressed')).toBe('true');
    const pane = page.getByRole('complementary', { name: 'Live page' });
    const shown = pane.getByTitle('Live page: Contact').contentFrame();
    // The saved page first, rendered by the site's own components.
    await shown.getByRole('heading', { name: 'Talk to us', level: 1 }).waitFor();
    await field(page, 'Title').fill('Talk to us today');
    await shown.getByRole('heading', { name: 'Talk to us today', level: 1 }).waitFor();
    expect(await header(page).getByText('Locked by you').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the item editor with its live page');
    await shot(page, 'contact-live-page');
    // Saved, the page keeps showing it; reloaded, the pane is still open and shows the save.
    await page.keyboard.press('Control+s');
    await toast(page, 'The content has been saved');
    await page.reload();
    await page.getByRole('heading', { name: 'Contact', level: 2 }).waitFor();
    await shown.getByRole('heading', { name: 'Talk to us today', level: 1 }).waitFor();
    await pane.getByRole('button', { name: 'Close the live page' }).click();
    await pane.waitFor({ state: 'detached' });
    expect(await command(page, 'Live page').getAttribute('aria-pressed')).toBe('false');
  });

  it('refuses invalid fields, focusing the first one, and saves nothing', async () => {
    await field(page, 'Item Name').fill('');
    // No error while the person is still in the field; once they leave it, it shows.
    expect(await page.getByText('This field is required').count()).toBe(0);
    await field(page, 'Page URL').fill('Contact Us');
    await page.getByText('This field is required').waitFor();
    await field(page, 'Page URL').blur();
    await page
      .getByText('A page URL starts with / and uses only lowercase letters, digits, - and /')
      .waitFor();
    await field(page, 'Summary').fill('x'.repeat(4001));
    expect(await page.getByText('4,001 / 4,000 characters').isVisible()).toBe(true);
    await field(page, 'Title').focus();
    await command(page, 'Save').click();
    await page.getByText('This field is limited to 4000 characters').waitFor();
    await expect
      .poll(() => field(page, 'Item Name').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await shot(page, 'contact-invalid');
    expect(await page.getByText('The content has been saved').count()).toBe(0);

    await field(page, 'Item Name').fill('Contact');
    await field(page, 'Page URL').fill('/contact');
    await field(page, 'Summary').fill('x'.repeat(4000));
    await page.keyboard.press('Control+s');
    await toast(page, 'The content has been saved');
  });

  it('a stale save names who changed the version and offers to reload', async () => {
    const second = await signedIn('admin', ADMIN_PASSWORD, 'Contact');
    await field(page, 'Title').fill('Written in the first browser');
    await field(second, 'Title').fill('Written in the second browser');
    await command(second, 'Save').click();
    await toast(second, 'The content has been saved');

    // The first browser hears of the newer save at once and says so, over its unsaved typing.
    await page.getByRole('alert').filter({ hasText: 'A newer version was saved' }).waitFor();
    expect(await field(page, 'Title').inputValue()).toBe('Written in the first browser');
    await command(page, 'Save').click();
    await toast(page, 'The content had issues saving');
    const stale = dialog(page, 'Someone else saved this version');
    await stale.getByText("Reload to see Ada Admin's changes", { exact: false }).waitFor();
    await shot(page, 'stale-save');
    // Nothing is lost silently: keep editing keeps what was typed.
    await stale.getByRole('button', { name: 'Keep editing' }).click();
    expect(await field(page, 'Title').inputValue()).toBe('Written in the first browser');
    await command(page, 'Save').click();
    await stale.getByRole('button', { name: 'Reload' }).click();
    expect(await field(page, 'Title').inputValue()).toBe('Written in the second browser');
    await second.close();
  });

  it("another user sees the lock owner's name and a disabled lock button", async () => {
    const editor = await signedIn('editor', DEMO_PASSWORD, 'Contact');
    await header(editor).getByText('Locked by Ada Admin').waitFor();
    expect(await command(editor, 'Lock').isDisabled()).toBe(true);
    expect(await command(editor, 'Save').isDisabled()).toBe(true);
    await command(editor, 'Lock').hover({ force: true });
    await shot(editor, 'locked-by-other');
    await editor.close();
  });

  it('Push to Staging with unsaved changes asks first; Back to Draft returns it', async () => {
    await field(page, 'Title').fill('Not included');
    await command(page, 'Push to Staging').click();
    const unsaved = dialog(page, 'You have unsaved changes');
    await unsaved.getByText('will not be included', { exact: false }).waitFor();
    await shot(page, 'push-unsaved');
    await unsaved.getByRole('button', { name: 'Push to Staging' }).click();
    await toast(page, 'Version 1 has been pushed to staging');
    expect(await status(page)).toBe('staged');
    expect(await field(page, 'Title').inputValue()).toBe('Written in the second browser');
    expect(await command(page, 'Save').isDisabled()).toBe(true);

    await command(page, 'Back to Draft').click();
    await toast(page, 'Version 1 is a draft again');
    expect(await status(page)).toBe('draft');
  });

  it('Delete Draft: version 1 cannot go; a later draft is deleted after a confirmation', async () => {
    await command(page, 'Delete Draft').click();
    const only = dialog(page, 'Delete Draft');
    await only.getByText('the only version of this content', { exact: false }).waitFor();
    await only.getByRole('button', { name: 'OK' }).click();

    await open(page, 'About');
    expect(await status(page)).toBe('draft');
    await command(page, 'Lock').click();
    await header(page).getByText('Locked by you').waitFor();
    await command(page, 'Delete Draft').click();
    const confirm = dialog(page, 'Delete Draft');
    await confirm.getByText('Are you sure you want to delete this draft?').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await toast(page, 'The content has been deleted');
    await expect.poll(() => status(page)).toBe('published');
  });

  it('Lock on published content: its three cases', async () => {
    // Services has a staged version 2: its published version 1 cannot get another draft.
    await open(page, 'Services', 1);
    await command(page, 'Lock').click();
    const exists = dialog(page, 'Lock');
    await exists
      .getByText(
        'You already have an available draft, delete it first if you want to create a new one.',
      )
      .waitFor();
    await exists.getByRole('button', { name: 'OK' }).click();

    // Team gets a second published version; its version 1 is then not the latest.
    const team = ids.get('Team')!;
    const draft = await api('POST', '/api/contents/draftfromversion', {
      content_id: team,
      version: 1,
    });
    await api('PUT', `/api/contents/${team}`, {
      version: draft.version,
      updated_date: draft.updated_date,
      content_fields: [
        {
          field_id: draft.content_fields[TITLE].field_id,
          field_value: 'Our team, version 2',
          cmsItemStatus: { edited: true },
        },
      ],
    });
    await api('PUT', `/api/contents/${team}`, { version: draft.version, status_id: 'staged' });
    await api('POST', '/api/releases', { mode: 'delivery', site_id: SITE });
    await api('PUT', `/api/unlockcontents/${team}`);
    await open(page, 'Team', 1);
    await command(page, 'Lock').click();
    const older = dialog(page, 'Create a draft');
    await older
      .getByText(
        'This is not the latest published version. Are you sure you want to create a draft from version?',
      )
      .waitFor();
    await shot(page, 'lock-older-published');
    await older.getByRole('button', { name: 'Cancel' }).click();

    // About (its draft deleted above) is only published: a new draft of the latest.
    await open(page, 'About');
    await command(page, 'Lock').click();
    const latest = dialog(page, 'Create a draft');
    await latest
      .getByText('You are about to create a new draft from the latest published version')
      .waitFor();
    await latest.getByRole('button', { name: 'OK' }).click();
    await toast(page, 'The draft has been created');
    await expect.poll(() => status(page)).toBe('draft');
    await header(page).getByText('Locked by you').waitFor();
  });

  it("switching versions or leaving with unsaved changes asks 'Not Saved'", async () => {
    await field(page, 'Title').fill('Unsaved title');
    const versions = page.getByRole('combobox', { name: 'Version' });
    await versions.click();
    await page.getByRole('option', { name: /^v1/ }).click();
    const notSaved = dialog(page, 'Not Saved');
    await notSaved.waitFor();
    await shot(page, 'not-saved');
    await notSaved.getByRole('button', { name: 'Cancel' }).click();
    expect(await field(page, 'Title').inputValue()).toBe('Unsaved title');
    expect(new URL(page.url()).search).toBe('?version=2');

    // Leaving for another item asks too.
    await page
      .getByRole('tree', { name: 'Content tree' })
      .getByRole('treeitem', { name: 'Home', exact: true })
      .click();
    await notSaved.waitFor();
    await notSaved.getByRole('button', { name: 'Cancel' }).click();

    await versions.click();
    await page.getByRole('option', { name: /^v1/ }).click();
    await notSaved.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => status(page)).toBe('published');
    expect(new URL(page.url()).search).toBe('?version=1');
  });

  it('the version history lists every version and compares two, block by block', async () => {
    await open(page, 'Team');
    await command(page, 'History').click();
    const history = page.getByRole('complementary', { name: 'Version history' });
    await history.getByLabel('Version 2').waitFor();
    expect(await history.getByLabel('Version 1').getByText(/by /).textContent()).toContain('by ');
    await history.getByLabel('Version 1').getByRole('button', { name: 'Compare with v2' }).click();
    await history.getByText('Changes from v1 to v2').waitFor();
    await history.getByText('Our team, version 2').waitFor();
    await shot(page, 'history-compare');
  });

  it('looks finished at 1024x768', async () => {
    const small = await signedIn('admin', ADMIN_PASSWORD, 'Contact', 1024);
    await shot(small, 'contact-1024');
    await small.getByRole('tab', { name: 'Content' }).click();
    await shot(small, 'contact-content-tab-1024');
    // From the keyboard: the button opens the pane, its close button shuts it.
    await command(small, 'Live page').focus();
    await small.keyboard.press('Enter');
    await small
      .getByTitle('Live page: Contact')
      .contentFrame()
      .getByRole('heading', { level: 1 })
      .waitFor();
    await shot(small, 'contact-live-page-1024');
    const close = small.getByRole('button', { name: 'Close the live page' });
    await close.focus();
    await small.keyboard.press('Enter');
    await close.waitFor({ state: 'detached' });
    await small.close();
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
