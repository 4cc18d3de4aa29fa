/**
 * Publishes that never break a page, in Chromium: Team is staged with a draft image as its hero
 * and a draft content fragment as its related item, whose body shows another draft image;
 * Publish to Delivery lists the image and the fragment under Referenced items (not published,
 * needed by Team), and the fragment's image as needed by the fragment if it is included, and
 * warns of what would be left out; ticking the image and the fragment (which ticks its image)
 * includes them, the publish goes through, and the page on delivery then shows the image.
 * Screenshots: /tmp/canopy-publish-deps-*.png.
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
const RELATED_PAGE = '7e000000-0000-4000-8000-000000101009';
const FRAGMENT_TEMPLATE = '7e000000-0000-4000-8000-000000000102';
const FRAGMENT_BODY = '7e000000-0000-4000-8000-000000102003';
const HOME = '7e000000-0000-4000-8000-00000000a002';
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
  const draftImage = async (content_name: string) => {
    const created = await api('POST', '/api/contents', {
      parent_id: MEDIA_LIBRARY_ROOT_ID,
      template_id: IMAGE_TEMPLATE,
      content_name,
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
    image = await draftImage('Team photo');
    // A draft fragment whose body shows another draft image.
    const map = await draftImage('Office map');
    const fragment = await api('POST', '/api/contents', {
      parent_id: HOME,
      template_id: FRAGMENT_TEMPLATE,
      content_name: 'Visit us',
    });
    const made = await api('GET', `/api/contents/${fragment.content_id}`);
    await api('PUT', `/api/contents/${fragment.content_id}`, {
      version: made.version,
      updated_date: made.updated_date,
      content_fields: [
        {
          field_id: made.content_fields[FRAGMENT_BODY].field_id,
          field_value: `<p><img src="${map.address}" alt="The office on a map"></p>`,
          cmsItemStatus: { edited: true },
        },
      ],
    });
    await stageFields(api, team, {
      [HERO_IMAGE]: image.address,
      [RELATED_PAGE]: fragment.content_id,
    });
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

  it('offers the draft items the staged page needs and theirs, includes them, and delivery shows them', async () => {
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Site' }).inputValue())
      .toBe('Canopy Demo');
    const dialog = await openPublish();
    const needed = dialog.getByRole('table', { name: 'Referenced items' });
    const row = needed.getByRole('row').filter({ hasText: 'Team photo' });
    await row.waitFor();
    const rows = await needed.getByRole('row').all();
    expect(await Promise.all(rows.map((r) => r.getByRole('cell').allTextContents()))).toEqual([
      [],
      ['', 'Office mapImage', 'Not published', 'Visit us (if included)'],
      ['', 'Team photoImage', 'Not published', 'Team'],
      ['', 'Visit usContent fragment', 'Not published', 'Team'],
    ]);
    // The fragment's image counts only once the fragment is included.
    await dialog
      .getByText(
        '2 referenced items are not included: the pages that need them will show without them on Delivery.',
      )
      .waitFor();
    await dialog
      .getByRole('table', { name: 'Content' })
      .getByRole('cell', { name: 'Team', exact: true })
      .waitFor();
    await expectNoAxeViolations(page, 'the Publish dialog with a referenced draft image');
    await shots('offered');

    await row.getByRole('checkbox', { name: 'Include Team photo' }).check();
    await needed.getByRole('checkbox', { name: 'Include Visit us' }).check();
    expect(await needed.getByRole('checkbox', { name: 'Include Office map' }).isChecked()).toBe(
      true,
    );
    await dialog
      .getByText('Every referenced item that can be included is included in this publish.')
      .waitFor();
    await expectNoAxeViolations(page, 'the Publish dialog with the items included');
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
