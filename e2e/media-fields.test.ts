/**
 * The picker fields and the media panel in Chromium against a real server: pick the demo Home
 * page's Related Page through 'Select Item' (from the keyboard too), save, reload and see it;
 * replace the Office photo's file through 'Upload File' and see the new file served; Copy Link.
 * Screenshots go to /tmp/canopy-media-fields/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

const SHOTS = '/tmp/canopy-media-fields';

describe('picker fields and the media panel', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const tree = () => page.getByRole('tree', { name: 'Content tree' });
  const treeItem = (name: string) => tree().getByRole('treeitem', { name, exact: true });
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text }).first();
  const field = (name: string) => page.getByRole('group', { name, exact: true });

  /** Opens an item from the tree and makes a draft of its published version, locked by admin. */
  async function openDraftOf(name: string) {
    await treeItem(name).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a draft' });
    await dialog
      .getByText('You are about to create a new draft from the latest published version')
      .waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await toast('The draft has been created').waitFor();
    await page.getByRole('button', { name: 'Unlock', exact: true }).waitFor();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.base}/admin/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await treeItem('Home').waitFor();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'picks a Related Page in Select Item, saves it, and shows it after reload',
    { timeout: 180_000 },
    async () => {
      await openDraftOf('Home');
      const related = field('Related Page');
      await related.getByLabel('Referenced item').getByText('About', { exact: true }).waitFor();
      await shot('reference-before');

      // A media item is refused: the field is restricted to pages.
      await related.getByRole('button', { name: 'Select', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Item' });
      await dialog.getByRole('option', { name: 'About' }).waitFor();
      expect(
        await dialog.getByRole('option', { name: 'About' }).getAttribute('aria-selected'),
      ).toBe('true');
      await dialog.getByPlaceholder('Filter Items').fill('office');
      await dialog.getByRole('option', { name: 'Office photo' }).click();
      await dialog.getByRole('button', { name: 'OK' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe(
        'Please select something with the content type of "page"',
      );
      await shot('select-item-refused');

      // From the keyboard: filter, Tab into the list, arrow to the page, Enter.
      await dialog.getByPlaceholder('Filter Items').fill('careers');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await related.getByLabel('Referenced item').getByText('Careers', { exact: true }).waitFor();
      const careersId = await related.getByRole('textbox', { name: 'Related Page' }).inputValue();
      expect(careersId).toMatch(/^[0-9a-f-]{36}$/);
      const link = related.getByRole('link', { name: 'Go to Referenced Item' });
      expect(await link.getAttribute('href')).toBe(`/admin/content/${careersId}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      await shot('reference-picked');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast('The content has been saved').waitFor();
      await page.reload();
      await field('Related Page')
        .getByLabel('Referenced item')
        .getByText('Careers', { exact: true })
        .waitFor();
      expect(
        await field('Related Page').getByRole('textbox', { name: 'Related Page' }).inputValue(),
      ).toBe(careersId);

      // Go to Referenced Item opens the Careers item in a new tab.
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        field('Related Page').getByRole('link', { name: 'Go to Referenced Item' }).click(),
      ]);
      await tab.getByRole('heading', { name: 'Careers', level: 2 }).waitFor();
      expect(new URL(tab.url()).pathname).toBe(`/admin/content/${careersId}`);
      await tab.close();
      await shot('reference-after-reload');
    },
  );

  it(
    'replaces the Office photo with a JPEG of the same extension and serves the new one',
    { timeout: 180_000 },
    async () => {
      await treeItem('Media Library').click();
      await page.keyboard.press('ArrowRight');
      await openDraftOf('Office photo');
      const panel = page.getByRole('region', { name: 'Image file' });
      const preview = panel.getByRole('img', { name: 'Preview of Office photo' });
      await preview.waitFor();
      const before = await preview.getAttribute('src');
      expect(before).toMatch(/\.jpg\?v=[\w-]+&cb=\d+$/);
      await shot('media-panel');
      await page.setViewportSize({ width: 1024, height: 768 });
      await shot('media-panel-1024');
      await page.setViewportSize({ width: 1440, height: 900 });

      // Copy Link puts the file's full address on the clipboard.
      await panel.getByRole('button', { name: 'Copy Link' }).click();
      await toast('Link Has Been Copied to the Clipboard').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(new RegExp(`^${server.base}/media-library/.+\\.jpg\\?v=`));

      await panel.getByRole('button', { name: 'Replace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload File' });
      await dialog.getByText('must be a .jpg file').waitFor();
      const input = dialog.getByLabel('Choose files to upload');
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#000' },
      })
        .png()
        .toBuffer();
      await input.setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: png });
      expect(await dialog.getByRole('alert').textContent()).toContain(
        'When replacing a file, the new file must have the same extension (jpg)',
      );
      const jpeg = await sharp({
        create: { width: 320, height: 200, channels: 3, background: '#e4572e' },
      })
        .jpeg()
        .toBuffer();
      await input.setInputFiles({ name: 'new-photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await dialog.getByRole('img', { name: 'Preview of new-photo.jpg' }).waitFor();
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await shot('upload-file');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await toast('The media has been saved').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The panel shows the new file: a new address, 320 pixels wide, the very bytes sent.
      await expect.poll(() => preview.getAttribute('src')).not.toBe(before);
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(320);
      const href = await panel.getByRole('link', { name: 'Download' }).getAttribute('href');
      const served = Buffer.from(await (await fetch(`${server.base}${href}`)).arrayBuffer());
      const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      expect(digest(served)).toBe(digest(jpeg));
      expect(await page.getByLabel('File Dimensions').inputValue()).toBe('320 x 200');
      await shot('media-replaced');
    },
  );

  it('previews a stream with its poster and a PDF in a frame', { timeout: 120_000 }, async () => {
    await treeItem('Welcome video').click();
    const stream = page.getByRole('region', { name: 'Streaming video' });
    const video = stream.getByLabel('Streaming video Welcome video');
    await video.waitFor();
    expect(await video.getAttribute('poster')).toMatch(/\/poster\.jpg\?(v=[\w-]+&)?cb=\d+$/);
    // hls.js, loaded on demand, has read the playlist: the video knows its length.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await shot('media-stream');
    await treeItem('Annual report').click();
    const frame = page.getByTitle('PDF Annual report');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/\.pdf\?v=[\w-]+&cb=\d+$/);
    await shot('media-pdf');
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
