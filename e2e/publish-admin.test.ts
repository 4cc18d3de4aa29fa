/**
 * Publishing from the admin in Chromium: a page pushed to staging, Publish > Publish to Delivery
 * shows it in the Content table, confirming follows the build to its link, and the page opened
 * from it shows the new text on delivery; the dialog's empty state; Publish to Preview likewise;
 * Preview this page; the builds panel; a staged version's publish date in Scheduled changes.
 * Screenshots: /tmp/canopy-publish-admin-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMonth, formatPublishDate } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { adminApi, pageId, screenshots, stageTitle, type Api } from './publishing';

describe('publishing from the admin', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;

  const { shot, shots } = screenshots(() => page, 'publish-admin');
  const publishMenu = async (item: string) => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: item }).click();
    // The menu fades out: screenshots are taken once it has gone.
    await page.getByRole('menu').waitFor({ state: 'detached' });
  };
  const heading = (target: Page) => target.getByRole('heading', { level: 1 }).textContent();
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  /** Presses `key` until the focused element's text is `text` (a few times at most). */
  const pressUntilFocused = async (key: string, text: string) => {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      if ((await focusedText()) === text) return;
    }
    throw new Error(`${key} never reached "${text}"`);
  };
  /** The staged draft of /news with coming dates; made once, so a retried test finds it. */
  let scheduled: { news: string; version: number; goesLive: Date; comesDown: Date } | undefined;

  const scheduleNews = async () => {
    const news = await pageId(api, '/news');
    const latest = (await api('GET', `/api/contents/${news}`)) as { version: number };
    const draft = await api('POST', '/api/contents/draftfromversion', {
      content_id: news,
      version: latest.version,
    });
    const goesLive = new Date(Date.now() + 3 * 86_400_000);
    goesLive.setUTCHours(9, 30, 0, 0);
    const comesDown = new Date(goesLive.getTime() + 7 * 86_400_000);
    await api('PUT', `/api/contents/${news}`, {
      version: draft.version,
      updated_date: draft.updated_date,
      publish_date: goesLive.toISOString(),
      unpublish_date: comesDown.toISOString(),
    });
    await api('PUT', `/api/contents/${news}`, { version: draft.version, status_id: 'staged' });
    return { news, version: draft.version as number, goesLive, comesDown };
  };

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    api = await adminApi(server);
    team = await pageId(api, '/about/team');
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD, `/admin/content/${team}`);
    await page.getByRole('heading', { name: 'Team', level: 2 }).waitFor();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('publishes a staged page to delivery from the dialog and links to it there', async () => {
    await stageTitle(api, team, 'Meet the Canopy team');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Site' }).inputValue())
      .toBe('Canopy Demo');
    await publishMenu('Publish to Delivery');
    const dialog = page.getByRole('dialog', { name: 'Publish to Delivery' });
    const content = dialog.getByRole('table', { name: 'Content' });
    await content.getByRole('cell', { name: 'Team', exact: true }).waitFor();
    expect(await content.getByRole('columnheader').allTextContents()).toEqual([
      'Item Name',
      'Modified Date',
      'Modified By',
    ]);
    expect(await dialog.getByRole('table', { name: 'Templates' }).count()).toBe(0);
    // The start-up build recorded no release yet.
    expect(await dialog.getByText(/^Last Published to/).textContent()).toBe(
      'Last Published to Delivery: never',
    );
    await shots('dialog');

    await dialog.getByRole('button', { name: 'Publish to Delivery' }).click();
    await page.getByText('The publish has been submitted').first().waitFor();
    const link = dialog.getByRole('link', { name: 'Open /about/team on Delivery' });
    await link.waitFor({ timeout: 60_000 });
    expect(await dialog.getByText(/^\d+ of \d+ pages/).textContent()).toMatch(
      /^(\d+) of \1 pages, \d+ rendered in \d/,
    );
    expect(await dialog.getByText('succeeded', { exact: true }).isVisible()).toBe(true);
    await shot('built');

    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`${server.base}/about/team`);
    expect(await heading(opened)).toBe('Meet the Canopy team');
    await opened.close();
    // The footer's Close (the header's close icon has the same name).
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('says so when there is nothing to publish', async () => {
    await publishMenu('Publish to Delivery');
    const dialog = page.getByRole('dialog', { name: 'Publish to Delivery' });
    await dialog.getByText('There are no content or template changes to be published').waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);
    expect(await dialog.getByText(/^Last Published to/).textContent()).toMatch(
      /^Last Published to Delivery: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) by admin$/,
    );
    await shot('empty');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('publishes to preview: the latest publishable version there, delivery unchanged', async () => {
    await stageTitle(api, team, 'Team (coming soon)');
    await publishMenu('Publish to Preview');
    const dialog = page.getByRole('dialog', { name: 'Publish to Preview' });
    await dialog
      .getByRole('table', { name: 'Content' })
      .getByRole('cell', { name: 'Team' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Publish to Preview' }).click();
    await page.getByText('The publish has been submitted').first().waitFor();
    await shot('preview-building');
    const link = dialog.getByRole('link', { name: 'Open /about/team on Preview' });
    await link.waitFor({ timeout: 60_000 });
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await opened.waitForURL(`${server.base}/preview/about/team`);
    expect(await heading(opened)).toBe('Team (coming soon)');
    expect(await opened.getByRole('status').textContent()).toContain('Preview');
    await opened.goto(`${server.base}/about/team`);
    expect(await heading(opened)).toBe('Meet the Canopy team');
    await opened.close();
    // The footer's Close (the header's close icon has the same name).
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  }, 120_000);

  it('Preview this page opens the selected page on preview through /api/preview', async () => {
    const [opened] = await Promise.all([
      page.waitForEvent('popup'),
      publishMenu('Preview this page'),
    ]);
    await opened.waitForURL(`${server.base}/preview/about/team`);
    expect(await heading(opened)).toBe('Team (coming soon)');
    await opened.setViewportSize({ width: 1440, height: 900 });
    await opened.screenshot({ path: '/tmp/canopy-publish-admin-preview-page.png' });
    await opened.close();
  });

  it('lists the builds per target with their figures', async () => {
    await publishMenu('Builds');
    const drawer = page.getByRole('dialog', { name: 'Builds of Canopy Demo' });
    const delivery = drawer.getByRole('table', { name: 'Builds of Delivery' });
    await delivery.waitFor();
    // Under this month's heading (MM/YYYY): the start-up build and the publish from the
    // dialog, newest first.
    await delivery.getByRole('rowheader', { name: formatMonth(new Date()) }).waitFor();
    const rows = delivery.getByRole('row').filter({ has: page.getByRole('cell') });
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().textContent()).toMatch(/succeeded.*(\d+) of \1.*admin$/);
    await shots('builds');
    // At 1024 px the status words show whole, not cut short ('SUCC...').
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const status of await drawer.getByText('succeeded', { exact: true }).all())
      expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    // From the keyboard: Tab reaches the target switch, an arrow key picks Preview.
    const focusedLabel = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent);
    for (let i = 0; i < 12 && (await focusedLabel()) !== 'Delivery'; i++)
      await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Delivery');
    await page.keyboard.press('ArrowRight');
    await drawer.getByRole('table', { name: 'Builds of Preview' }).waitFor();
    expect(await focusedLabel()).toBe('Preview');
    await shot('builds-preview');
    expect(
      await drawer.getByRole('table', { name: 'Builds of Preview' }).getByRole('row').count(),
    ).toBeGreaterThanOrEqual(2);
  });

  it("lists a staged version's coming dates in Scheduled changes and links to it", async () => {
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Builds of Canopy Demo' })
      .waitFor({ state: 'detached' });
    // Escape gives the focus back to the Publish button, where the keyboard user started.
    await expect.poll(focusedText).toBe('Publish');
    // A new draft of /news saved to go live in three days and come down a week later, staged.
    scheduled ??= await scheduleNews();
    const { news, version: draftVersion, goesLive, comesDown } = scheduled;

    // From the keyboard alone: Enter opens the Publish menu, the arrows reach the item.
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // The menu takes the focus once it has opened; arrows pressed before that go nowhere.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]')))
      .toBe(true);
    await pressUntilFocused('ArrowDown', 'Scheduled changes');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const drawer = page.getByRole('dialog', { name: 'Scheduled changes' });
    const table = drawer.getByRole('table', { name: 'Scheduled changes of Canopy Demo' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'News' }) });
    await rows.first().waitFor();
    // §9: MM/DD/YYYY with the time, in UTC as stored.
    const when = (date: Date) => formatPublishDate(date.toISOString());
    const cells = async (n: number) => rows.nth(n).getByRole('cell').allTextContents();
    const version = `v${draftVersion} staged`;
    expect(await cells(0)).toEqual(['News/news', version, 'Goes live', when(goesLive)]);
    expect(await cells(1)).toEqual(['News/news', version, 'Comes down', when(comesDown)]);
    await shots('scheduled');

    // Tab reaches the first item's link; Enter opens the item.
    await pressUntilFocused('Tab', 'News');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.base}/admin/content/${news}`);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'News', level: 2 }).waitFor();
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
