/**
 * Publishes that never break a page, in Chromium: Team is staged with a draft image as its hero;
 * Publish to Delivery lists the image under Referenced items (not published, needed by Team) and
 * warns that it would be left out; ticking it includes it, the publish goes through, and the
 * page on delivery then shows the image. Screenshots: /tmp/canopy-publish-deps-*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MEDIA_LIBRARY_ROOT_ID } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { expectNoAxeViolations } from './axe';
import { adminApi, pageId, screenshots, stageFields, type Api } from './publishing';

const IMAGE_TEMPLATE = '7e000000-0000-4000-8000-000000000201';
const IMAGE_FIELD = '7e000000-0000-4000-8000-000000201002';
const HERO_IMAGE = '7e000000-0000-4000-8000-000000101008';
const PHOTO = resolve('packages/server/src/seed/media-files/photo.jpg');

describe('publishing a page with the draft image it needs', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let image: { id: string; address: string };

  const { shot, shots } = screenshots(() => page, 'publish-deps');
  const openPublish = async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish to Delivery' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    return page.getByRole('dialog', { name: 'Publish to Delivery' });
  };

  /** A new image in the media library with a photo uploaded: a draft, never published. */
  const draftImage = async () => {
    const created = await api('POST', '/api/contents', {
      parent_id: MEDIA_LIBRARY_ROOT_ID,
      template_id: IMAGE_TEMPLATE,
      content_name: 'Team photo',
    });
    const form = new FormData();
    form.append('content_id', created.content_id);
    form.append('media', new Blob([readFileSync(PHOTO)], { type: 'image/jpeg' }), 'team.jpg');
    const response = await fetch(`${server.base}/api/media/${created.content_id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}` },
      body: form,
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return {
      id: created.content_id as string,
      address: body.content_fields[IMAGE_FIELD].field_value as string,
    };
  };

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    api = await adminApi(server);
    team = await pageId(api, '/about/team');
    image = await draftImage();
    await stageFields(api, team, { [HERO_IMAGE]: image.address });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD, `/admin/content/${team}`);
    await page.getByRole('heading', { name: 'Team', level: 2 }).waitFor();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers the draft image the staged page needs, includes it, and delivery shows it', async () => {
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Site' }).inputValue())
      .toBe('Canopy Demo');
    const dialog = await openPublish();
    const needed = dialog.getByRole('table', { name: 'Referenced items' });
    const row = needed.getByRole('row').filter({ hasText: 'Team photo' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '',
      'Team photoImage',
      'Not published',
      'Team',
    ]);
    await dialog
      .getByText(
        '1 referenced item is not included: the pages that need it will show without it on Delivery.',
      )
      .waitFor();
    await dialog
      .getByRole('table', { name: 'Content' })
      .getByRole('cell', { name: 'Team', exact: true })
      .waitFor();
    await expectNoAxeViolations(page, 'the Publish dialog with a referenced draft image');
    await shots('offered');

    await row.getByRole('checkbox', { name: 'Include Team photo' }).check();
    await dialog
      .getByText('Every referenced item that can be included is included in this publish.')
      .waitFor();
    await expectNoAxeViolations(page, 'the Publish dialog with the image included');
    await shots('included');

    await dialog.getByRole('button', { name: 'Publish to Delivery' }).click();
    await page.getByText('The publish has been submitted').first().waitFor();
    const link = dialog.getByRole('link', { name: 'Open /about/team on Delivery' });
    await link.waitFor({ timeout: 60_000 });
    await shot('built');

    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await opened.setViewportSize({ width: 1440, height: 900 });
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${server.base}/about/team`);
    const hero = opened.locator('img.cn-intro-bg');
    await hero.waitFor();
    expect(await hero.getAttribute('src')).toContain(image.id);
    // The image loads: the draft became published with the page.
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await opened.screenshot({ path: '/tmp/canopy-publish-deps-delivery.png' });
    await opened.close();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Nothing is left to publish, and nothing is needed any more.
    const again = await openPublish();
    await again.getByText('There are no content or template changes to be published').waitFor();
    expect(await again.getByRole('table', { name: 'Referenced items' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
  }, 180_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
