/**
 * The admin panel in Chromium against a real server: sign in through the provider page and land
 * on the deep link, the tree (filter, keyboard), Add Item, moves with their dialogs, reload,
 * sign out. Screenshots go to /tmp/canopy-admin-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { TEMPLATE_FOLDER_ID } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { keepDraft, keptDrafts } from './kept-drafts';

describe('the admin panel', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  const tree = () => page.getByRole('tree', { name: 'Content tree' });
  const treeItem = (name: string) => tree().getByRole('treeitem', { name, exact: true });
  const shot = (name: string) => page.screenshot({ path: `/tmp/canopy-admin-${name}.png` });

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(10_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in on the provider page and lands on the deep link it started from', async () => {
    await page.goto(`${server.base}/admin/templates/${TEMPLATE_FOLDER_ID}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/templates/${TEMPLATE_FOLDER_ID}`);
    expect(new URL(page.url()).search).toBe('');
    await treeItem('Home').waitFor();
    expect(await treeItem('Media Library').isVisible()).toBe(true);
    // The deep link's item is selected.
    expect(await treeItem('Templates').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'User menu' }).textContent()).toContain(
      'Ada Admin',
    );
    await shot('signed-in');
  });

  it('filters from 3 characters on, as a flat list', async () => {
    const filter = page.getByPlaceholder('Filter Items');
    await filter.fill('Su');
    await treeItem('Home').waitFor();
    expect(await treeItem('Support').count()).toBe(0);
    await filter.fill('sup');
    // Each row shows where its item sits after its name, and its name says so too.
    const plans = 'Support Plans Home / Services / Support';
    const support = 'Support Home / Services';
    await treeItem(plans).waitFor();
    expect(await treeItem(support).isVisible()).toBe(true);
    expect(await treeItem('Home').count()).toBe(0);
    await shot('filtered');
    // The item focused before (Templates) has no row now: Tab reaches the list at its first row.
    const tabStops = page.getByRole('treeitem').and(page.locator('[tabindex="0"]'));
    await expect.poll(() => tabStops.count()).toBe(1);
    expect(await tabStops.getAttribute('aria-posinset')).toBe('1');
    // The flat list works from the keyboard as the tree does: arrows move, Enter opens.
    const hasFocus = (name: string) =>
      treeItem(name).evaluate((element) => element === document.activeElement);
    await treeItem(support).click();
    await page.getByRole('heading', { name: 'Support', exact: true, level: 2 }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(plans)).toBe(true);
    expect(await treeItem(plans).getAttribute('aria-posinset')).toBe('2');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Support Plans', level: 2 }).waitFor();
    await filter.fill('');
    await treeItem('Home').waitFor();
    // Opening them revealed them in the tree: Home is folded again, as it was.
    await treeItem('Home').click();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await treeItem('About').waitFor({ state: 'detached' });
  });

  it('works from the keyboard: arrows expand and move, Enter opens', async () => {
    await treeItem('Home').click();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    const hasFocus = (name: string) =>
      treeItem(name).evaluate((element) => element === document.activeElement);
    await expect.poll(() => hasFocus('Home')).toBe(true);
    await page.keyboard.press('ArrowRight');
    await treeItem('About').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus('About')).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'About', level: 2 }).waitFor();
    expect(page.url()).toMatch(/\/admin\/content\/[0-9a-f-]{36}$/);
  });

  it('reloading a deep link opens the same item', async () => {
    const url = page.url();
    await page.reload();
    await page.getByRole('heading', { name: 'About', level: 2 }).waitFor();
    expect(page.url()).toBe(url);
    expect(await treeItem('About').getAttribute('aria-selected')).toBe('true');
  });

  it('adds a page under the selected item', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'Please select a valid template to create',
    );
    // The parent (a page) allows pages and content fragments, not folders.
    expect(await dialog.getByRole('radio', { name: 'Folder' }).count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Page' }).check();
    const name = dialog.getByLabel('Item Name');
    expect(await name.inputValue()).toBe('New Item');
    await name.fill('');
    await name.blur();
    await dialog.getByText('This field is required').waitFor();
    await shot('add-item');
    await name.fill('Leadership');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Leadership', level: 2 }).waitFor();
    await treeItem('Leadership').waitFor();
    await page.getByText('Locked by you').waitFor();
    await shot('added');
  });

  it('moves an item to another parent after the confirmation, kept after a reload', async () => {
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Leadership').dragTo(treeItem('Services'));
    const dialog = page.getByRole('dialog', { name: 'Item Move Confirmation' });
    await dialog.getByText('Are you sure you want to move this item?').waitFor();
    await shot('move-confirmation');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('The menu has been reordered').waitFor();
    await page.reload();
    await treeItem('Leadership').waitFor();
    const services = treeItem('Services');
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    const rows = await tree().getByRole('treeitem').allTextContents();
    expect(rows.indexOf('Leadership')).toBeGreaterThan(rows.indexOf('Services'));
    expect(rows.indexOf('Leadership')).toBeLessThan(rows.indexOf('News'));
  });

  it('moves an item from the keyboard in reorder mode (Alt+Up), without a confirmation', async () => {
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Contact').click();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('The menu has been reordered').first().waitFor();
    await page.reload();
    await treeItem('Contact').waitFor();
    const rows = await tree().getByRole('treeitem').allTextContents();
    expect(rows.indexOf('Contact')).toBeLessThan(rows.indexOf('Careers'));
  });

  it('refuses a move the target does not allow, and says so', async () => {
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Footer').dragTo(treeItem('Media Library'));
    const dialog = page.getByRole('dialog', { name: 'Item Move Not Allowed' });
    await dialog.getByText('This item is not allowed to be moved to this location').waitFor();
    await shot('move-not-allowed');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await treeItem('Footer').waitFor();
    const rows = await tree().getByRole('treeitem').allTextContents();
    expect(rows.indexOf('Footer')).toBeLessThan(rows.indexOf('Media Library'));
  });

  it('adds an image to the media library: the rules first, then the upload, then the item', async () => {
    await treeItem('Media Library').click();
    await page.getByRole('heading', { name: 'Media Library', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('radio', { name: 'Image' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Click here to choose a file').waitFor();
    await dialog.getByText('or drag the file into this box.').waitFor();
    const input = dialog.getByLabel('Choose files to upload');
    const files = dialog.getByRole('list', { name: 'Files to upload' });

    await input.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ not an image'),
    });
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'setup.exe: This filetype is not allowed for images',
    );
    expect(await files.count()).toBe(0);
    await shot('media-refused');

    const png = await sharp({
      create: { width: 12, height: 8, channels: 3, background: '#0a7' },
    })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'sea-glass.png', mimeType: 'image/png', buffer: png });
    await files.getByText('sea-glass.png').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await shot('media-chosen');
    await dialog.getByRole('button', { name: 'OK' }).click();

    // The upload names the item after its file; the one new item opens and the tree shows it.
    await page.getByRole('heading', { name: 'sea-glass', level: 2 }).waitFor();
    await page.getByText('The media has been saved').waitFor();
    await treeItem('sea-glass').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await treeItem('sea-glass').getAttribute('aria-selected')).toBe('true');
    await shot('media-added');

    // Two files: one item each, the menu reloads, nothing opens.
    const addImages = async (...names: string[]) => {
      await treeItem('Media Library').click();
      await page.getByRole('heading', { name: 'Media Library', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Add Item' }).click();
      await dialog.getByRole('radio', { name: 'Image' }).check();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await input.setInputFiles(
        names.map((name) => ({
          name,
          mimeType: 'image/png',
          buffer: name.startsWith('not-') ? Buffer.from('plain text, not a PNG') : png,
        })),
      );
      for (const name of names) await files.getByText(name).waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
    };
    await addImages('dune.png', 'fern.png');
    await dialog.waitFor({ state: 'detached' });
    await treeItem('dune').waitFor();
    await treeItem('fern').waitFor();
    expect(await page.getByRole('heading', { name: 'Media Library', level: 2 }).count()).toBe(1);

    // A file the server refuses (its bytes are not a PNG) stays listed with the server's message.
    await addImages('not-an-image.png');
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'not-an-image.png: the content of this file is not a .png file',
    );
    await page.getByText('The media had issues saving').waitFor();
    expect(await files.getByText('not-an-image.png').count()).toBe(1);
    await shot('media-server-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await treeItem('fern').waitFor();
    // No empty item is left behind.
    expect(await treeItem('New Item').count()).toBe(0);
    expect(await treeItem('not-an-image').count()).toBe(0);
  });

  it('a 401 from the menus leads to the unauthorized page, with a way to sign in again', async () => {
    const other = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    other.setDefaultTimeout(10_000);
    await other.goto(`${server.base}/admin/`);
    await other.getByLabel('Username').fill('editor');
    await other.getByLabel('Password').fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByPlaceholder('Filter Items').waitFor();

    // The administrator disables the editor: the editor's next menu call answers 401.
    const status = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      const { access_token: token } = JSON.parse(localStorage.getItem(key)!);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const users = await (await fetch('/api/users', { headers })).json();
      const editor = users.find((user: { username: string }) => user.username === 'editor');
      const reply = await fetch(`/api/users/${editor.user_id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ disabled: 1 }),
      });
      return reply.status;
    });
    expect(status).toBe(200);
    await other.reload();
    await other.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/admin/unauthorized');
    await other.screenshot({ path: '/tmp/canopy-admin-unauthorized.png' });
    await other.getByRole('button', { name: 'Sign in again' }).click();
    await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    await other.close();
  });

  it('looks right at 1024x768 too', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await treeItem('Home').waitFor();
    // Laid out anew for the smaller window: Add Item stands whole at the foot of the panel.
    const addItem = page.getByRole('button', { name: 'Add Item' });
    await expect
      .poll(async () => {
        const box = await addItem.boundingBox();
        return box !== null && box.y + box.height <= 768;
      })
      .toBe(true);
    await shot('1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('signs out, leaving no unsaved changes kept in the browser', async () => {
    await keepDraft(page, 'admin:an-item:1', { basedOn: 'then', keptAt: 'then', draft: {} });
    expect(await keptDrafts(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await tree().count()).toBe(0);
    expect(await keptDrafts(page)).toEqual([]);
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
