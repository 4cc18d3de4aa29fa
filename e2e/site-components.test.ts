/**
 * A site's own components (CANOPY_SITE_COMPONENTS) in the page editor: the editor is built with
 * them, so the page shows the site's hero banner as a build renders it, and its heading is still
 * edited where it stands.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resolve } from 'node:path';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';

const DEMO_HOME_ID = '7e000000-0000-4000-8000-00000000a002';
const OWN = { CANOPY_SITE_COMPONENTS: resolve('e2e/fixtures/site-components.tsx') };

describe("the page editor with a site's own components", () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    buildAdmin(OWN);
    server = await startCanopy(OWN);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the site's hero banner, as delivery does, and edits its heading in place", async () => {
    onTestFailed(() =>
      page.screenshot({ path: '/tmp/canopy-site-components-failed.png' }).then(() => {}),
    );
    // Delivery, rendered by the server's build with the same module.
    await expect
      .poll(async () => (await fetch(`${server.base}/`)).text(), { timeout: 60_000 })
      .toContain('Our own hero');

    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.base}/admin/page-editor/${DEMO_HOME_ID}`);
    const toolbar = page.getByRole('toolbar', { name: 'Edit toolbar' });
    await page.getByText('Our own hero').waitFor();
    await toolbar
      .getByRole('option', { name: 'v1 published', selected: true })
      .waitFor({ state: 'attached' });
    await toolbar.getByRole('button', { name: 'Lock' }).click();
    await page
      .getByRole('dialog', { name: 'Create a draft' })
      .getByRole('button', { name: 'OK' })
      .click();
    await toolbar.getByRole('button', { name: 'Unlock' }).waitFor();
    await toolbar.getByRole('switch', { name: 'Edit In-Page' }).check();
    const heading = page
      .getByRole('group', { name: 'Hero Banner block' })
      .getByRole('textbox', { name: 'Heading' });
    await heading.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', our way');
    await expect.poll(() => heading.textContent()).toBe('Grow with Canopy Corp, our way');
    await page.getByText('Our own hero').waitFor();
    await page.screenshot({ path: '/tmp/canopy-site-components.png', animations: 'disabled' });
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
