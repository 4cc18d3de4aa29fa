/**
 * Publishing for real: `canopy start` on a fresh data folder, a page edited and pushed to staging
 * over the API, published to delivery, the build followed to its end, and the page opened on the
 * delivery target in Debian's Chromium; then a newer staged version previewed through
 * /api/preview while delivery keeps the published one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { adminApi, pageId, stageTitle as stage, DEMO_SITE as SITE, type Api } from './publishing';

const SCREENSHOT = '/tmp/canopy-publish.png';
const PREVIEW_SCREENSHOT = '/tmp/canopy-preview.png';

describe('publishing a page and previewing a staged one in Chromium', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let base: string;
  let token: string;

  let api: Api;
  const stageTitle = (contentId: string, title: string) => stage(api, contentId, title);

  beforeAll(async () => {
    server = await startCanopy();
    base = server.base;
    api = await adminApi(server);
    token = api.token;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('publishes a staged page to delivery and shows it there', async () => {
    const team = await pageId(api, '/about/team');
    await stageTitle(team, 'Meet the Canopy team');
    const items = await api('GET', `/api/releases/publishableitems/${SITE}?mode=delivery`);
    expect(items.content.map((c: { content_name: string }) => c.content_name)).toContain('Team');

    const { build_id } = await api('POST', '/api/builds', {
      mode: 'delivery',
      site_id: SITE,
      build_definition_id: '263',
      build_type: 'both',
    });
    let build = await api('GET', `/api/builds/${build_id}`);
    for (let i = 0; i < 300 && !['succeeded', 'failed'].includes(build.status); i++) {
      await new Promise((done) => setTimeout(done, 100));
      build = await api('GET', `/api/builds/${build_id}`);
    }
    expect(build).toMatchObject({ status: 'succeeded', pages_done: build.pages_total });

    const page = await browser.newPage();
    await page.goto(`${base}/about/team`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Meet the Canopy team',
    );
    expect(await page.title()).toBe('Meet the Canopy team | Canopy Demo');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Careers' })
      .click();
    await page.waitForURL(`${base}/careers`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Careers');
    await page.goto(`${base}/about/team`);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await page.close();
  });

  it('previews the latest publishable version through /api/preview; delivery keeps the published one', async () => {
    const team = await pageId(api, '/about/team');
    await stageTitle(team, 'Team (coming soon)');

    const context = await browser.newContext();
    const page = await context.newPage();
    // Without a signed-in reader, preview shows nothing.
    const refused = await page.goto(
      `${base}/api/preview?pageurl=${encodeURIComponent(`${base}/about/team`)}`,
    );
    expect(refused?.status()).toBe(401);
    // The admin sets the preview cookie with its token, then navigates.
    await page.goto(`${base}/careers`);
    await page.evaluate(
      async ([url, bearer]) => {
        await fetch(url!, { method: 'POST', headers: { authorization: `Bearer ${bearer}` } });
      },
      [`${base}/api/preview/session`, token],
    );
    await page.goto(`${base}/api/preview?pageurl=${encodeURIComponent(`${base}/about/team`)}`);
    expect(page.url()).toBe(`${base}/preview/about/team`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Team (coming soon)');
    expect(await page.getByRole('status').textContent()).toContain('Preview');
    await page.screenshot({ path: PREVIEW_SCREENSHOT, fullPage: true });
    await page.getByRole('link', { name: 'Exit preview' }).click();
    await page.waitForURL(`${base}/about/team`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Meet the Canopy team',
    );
    await context.close();
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
