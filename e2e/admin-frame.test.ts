/**
 * The admin frame in Chromium against a real server, beyond admin.test.ts: the layout at
 * 1440x900 and 1024x768 (no stray scrollbars, Add Item in view), a multi-stream video added as
 * a folder, a new template from the 'New Template' tree, the permissions editor granting Read to
 * the author (whose tree then shows the item), and toasts stacking to 3 at the bottom left,
 * clear of Add Item. Screenshots go to /tmp/canopy-frame-*.png.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  accessTokenOf,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';

const STREAM_FOLDER = resolve('packages/server/src/seed/media-files/stream');

describe('the admin frame', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  const tree = (on = page) => on.getByRole('tree', { name: 'Content tree' });
  const treeItem = (name: string, on = page) =>
    tree(on).getByRole('treeitem', { name, exact: true });
  const shot = (name: string, on = page) =>
    on.screenshot({ path: `/tmp/canopy-frame-${name}.png` });

  const signIn = (on: Page, username: string, password: string) =>
    signInAdmin(on, server.base, username, password);

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin', ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    it(`fits ${width}x${height}: no stray scrollbars, Add Item in view`, async () => {
      await page.setViewportSize({ width, height });
      await treeItem('Home').click();
      await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
      // Nothing scrolls sideways; a long item scrolls the page while the tree panel stays put.
      const overflowX = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflowX).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = (await page.getByRole('button', { name: 'Add Item' }).boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(height);
      expect(button.x).toBeGreaterThanOrEqual(0);
      await shot(`${width}`);
    });
  }

  it('adds a multi-stream video from a folder, each file with its progress', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await treeItem('Media Library').click();
    await page.getByRole('heading', { name: 'Media Library', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('radio', { name: 'Multi-Stream Video' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Click here to choose a file').waitFor();
    await dialog.getByLabel('Choose a folder to upload').setInputFiles(STREAM_FOLDER);
    const files = dialog.getByRole('list', { name: 'Files to upload' });
    await files.getByText('master.m3u8').waitFor();
    expect(await files.getByRole('listitem').count()).toBe(10);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await shot('stream-chosen');
    await dialog.getByRole('button', { name: 'OK' }).click();

    // One item, named after the folder, opens; its master playlist is served.
    await page.getByRole('heading', { name: 'stream', level: 2 }).waitFor();
    await page.getByText('The media has been saved').waitFor();
    expect(await treeItem('stream').getAttribute('aria-selected')).toBe('true');
    await shot('stream-added');
    const played = await page.evaluate(
      async (token) => {
        const menus = await (
          await fetch('/api/menus', { headers: { authorization: `Bearer ${token}` } })
        ).json();
        const find = (items: { content_name: string; media_url: string; children: [] }[]): string =>
          items
            .map((item) =>
              item.content_name === 'stream' ? item.media_url : find(item.children ?? []),
            )
            .find(Boolean) ?? '';
        const url = find(menus);
        return { url, text: url ? await (await fetch(url)).text() : '' };
      },
      await accessTokenOf(page),
    );
    expect(played.url).toMatch(/\/master\.m3u8/);
    expect(played.text.startsWith('#EXTM3U')).toBe(true);
  });

  it("creates a template from the 'New Template' tree", async () => {
    await treeItem('Templates').click();
    await page.getByRole('heading', { name: 'Templates', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByText('New Template').waitFor();
    expect(await dialog.getByText('New Content from Template').count()).toBe(0);
    await dialog
      .getByRole('group', { name: 'Templates' })
      .getByRole('radio', { name: 'Page' })
      .check();
    await dialog.getByLabel('Item Name').fill('Landing Page');
    await shot('new-template');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Landing Page', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/templates\/[0-9a-f-]{36}$/);
    await treeItem('Landing Page').waitFor();
  });

  it("grants Read to the author in the permissions editor, and the author's tree shows it", async () => {
    const author = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    author.setDefaultTimeout(15_000);
    await signIn(author, 'author', DEMO_PASSWORD);
    const expandHome = async (on: Page) => {
      await treeItem('Home', on).click();
      if ((await treeItem('Home', on).getAttribute('aria-expanded')) !== 'true') {
        await on.keyboard.press('ArrowRight');
      }
      await treeItem('About', on).waitFor();
    };
    await expandHome(author);
    await treeItem('Careers', author).waitFor();

    await expandHome(page);
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Permissions' }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Author' }).click();
    // Inherited from Home: the author reads Careers, and edits nothing there.
    const careers = treeItem('Careers');
    await careers.getByLabel('Read', { exact: true }).waitFor();
    expect(await careers.getByLabel('Edit', { exact: true }).count()).toBe(0);
    await shot('permissions');

    /** Sets the author's Read on Careers through the edit dialog. */
    const setRead = async (choice: 'Grant' | 'Refuse') => {
      await page.getByRole('button', { name: 'Edit permissions of Careers' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Permissions' });
      await dialog
        .getByRole('radiogroup', { name: 'Read' })
        .getByText(choice, { exact: true })
        .click();
      await shot(`permissions-${choice.toLowerCase()}`);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await setRead('Refuse');
    await expect.poll(() => careers.getByLabel('Read', { exact: true }).count()).toBe(0);
    await author.reload();
    await treeItem('About', author).waitFor();
    expect(await treeItem('Careers', author).count()).toBe(0);

    await setRead('Grant');
    await careers.getByLabel('Read', { exact: true }).waitFor();
    await author.reload();
    await treeItem('Careers', author).waitFor();
    await author.close();
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Close Permissions Editor' }).click();
  }, 180_000);

  it('stacks at most 3 toasts at the bottom left, clear of Add Item', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Home').click();
    await page.keyboard.press('ArrowRight');
    await treeItem('Careers').click();
    // Four moves at once, four toasts: at most 3 show, the fourth waits for a free place.
    const toasts = page.locator('.mantine-Notification-root');
    for (const key of ['Alt+ArrowUp', 'Alt+ArrowDown', 'Alt+ArrowUp', 'Alt+ArrowDown']) {
      await treeItem('Careers').focus();
      await page.keyboard.press(key);
    }
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(3);
    await page.waitForTimeout(1000);
    expect(await toasts.count()).toBe(3);
    const button = (await page.getByRole('button', { name: 'Add Item' }).boundingBox())!;
    for (const toast of await toasts.all()) {
      const box = (await toast.boundingBox())!;
      expect(box.x).toBeLessThan(100);
      expect(box.y + box.height).toBeLessThanOrEqual(button.y);
    }
    await shot('toasts');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Disable Reorder Menu Items' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
