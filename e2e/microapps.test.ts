/**
 * Micro-apps for real: an administrator opens the Careers page in the item editor, creates a
 * Newsletter instance in place in its Micro-app Reference Picker, saves and pushes to staging;
 * the site is published to preview through the admin's Publish menu and the preview page runs
 * the micro-app. The Micro-apps screen then edits the instance's settings.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  CANOPY_BIN,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

const SITE = '7e000000-0000-4000-8000-00000000a001';
const SHOTS = '/tmp/canopy-microapps';

describe('a micro-app placed on a page from the item editor', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;
  let token: string;
  let careers: string;

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

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CANOPY_BIN, 'token', '--user', 'admin'],
      { env: server.env },
    );
    token = stdout.trim().split('\n').pop()!;
    const urls = (await api('GET', `/api/pageurls?site_id=${SITE}`)) as {
      content_id: string;
      page_url: string;
    }[];
    careers = urls.find((u) => u.page_url === '/careers')!.content_id;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const onFailure = () =>
    onTestFailed(async () => {
      await page.screenshot({ path: `${SHOTS}-failed.png` });
    });

  it('creates an instance in place, saves it on the page and runs it on preview', async () => {
    onFailure();
    await page.goto(`${server.base}/admin/content/${careers}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Careers is published: Lock offers a new draft of it.
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Create a draft' });
    await confirm
      .getByText('You are about to create a new draft from the latest published version')
      .waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();

    // The Body is Rich Text in the full mode: its editor loads on demand, 500 pixels high.
    await page.getByRole('tab', { name: 'Content' }).click();
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.waitFor();
    expect(await body.getAttribute('contenteditable')).toBe('true');
    expect((await body.boundingBox())!.height).toBe(500);
    await page.getByRole('button', { name: 'Bold', exact: true }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}-rich-text.png` });

    await page.getByRole('tab', { name: 'Page properties' }).click();
    const picker = page.getByRole('combobox', { name: 'Newsletter App' });
    await picker.click();
    // The demo instance is offered; the editor makes a new one for this page instead.
    await page.getByRole('option', { name: 'Home page sign-up (version 1)' }).waitFor();
    await page.keyboard.press('Escape');
    const create = page.getByRole('button', { name: 'Create instance' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'New Newsletter instance' }).fill('Careers sign-up');
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.getByText('New Microapp Instance Created').waitFor();
    await page.getByText('Careers sign-up (version 1)').waitFor();
    await page.screenshot({ path: `${SHOTS}-picker.png` });

    await page.keyboard.press('Control+s');
    await page.getByText('The content has been saved').waitFor();
    const registry = (await api('GET', '/api/microapps/registeredclient/Canopy%20Demo')) as {
      instances: { instance_id: string; instance_name: string; ad_groups_modify: string }[];
    }[];
    const made = registry[0]!.instances.find((i) => i.instance_name === 'Careers sign-up')!;
    expect(made.ad_groups_modify).toBe('PORTAL-EDITOR');
    const saved = await api('GET', `/api/contents/${careers}`);
    const values = Object.values(saved.content_fields).map(
      (f) => (f as { field_value: string | null }).field_value,
    );
    expect(values).toContain(made.instance_id);

    await page.getByRole('button', { name: 'Push to Staging' }).click();
    await page.getByText(/has been pushed to staging/).waitFor();

    // Publish to preview through the admin's Publish menu, then open the page there.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish to Preview' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish to Preview' });
    await publish
      .getByRole('table', { name: 'Content' })
      .getByRole('cell', { name: 'Careers', exact: true })
      .waitFor();
    await publish.getByRole('button', { name: 'Publish to Preview' }).click();
    await page.getByText('The publish has been submitted').first().waitFor();
    const link = publish.getByRole('link', { name: 'Open /careers on Preview' });
    await link.waitFor({ timeout: 90_000 });
    await page.screenshot({ path: `${SHOTS}-published.png` });
    const [preview] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await preview.waitForURL(`${server.base}/preview/careers`);
    const app = preview.locator(`canopy-newsletter[data-instance="${made.instance_id}"]`);
    await app.getByRole('heading', { name: 'Stay in the loop' }).waitFor();
    await app.getByLabel('Email address').fill('ada@example.com');
    await app.getByRole('button', { name: 'Subscribe' }).click();
    expect(await app.getByRole('status').textContent()).toBe(
      'Thanks! Please confirm by email. (ada@example.com)',
    );
    await app.scrollIntoViewIfNeeded();
    await preview.screenshot({ path: `${SHOTS}-preview.png` });
    await preview.close();
  }, 240_000);

  it("edits the instance's settings on the Micro-apps screen", async () => {
    onFailure();
    await page.goto(`${server.base}/admin/`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Micro-apps' }).click();
    await page.waitForURL(`${server.base}/admin/microapps`);
    const card = page.getByRole('region', { name: 'Newsletter' });
    await card.getByText('Careers sign-up', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}-screen.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: `${SHOTS}-screen-1024.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByRole('button', { name: 'Edit instance Careers sign-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit instance: Careers sign-up' });
    await dialog.getByRole('button', { name: 'Add setting' }).click();
    await dialog.getByRole('textbox', { name: 'Setting 1 name' }).fill('heading');
    await dialog.getByRole('textbox', { name: 'Setting 1 value' }).fill('Join our talent network');
    await page.screenshot({ path: `${SHOTS}-instance.png` });
    await dialog.getByRole('button', { name: 'Save instance' }).click();
    await page.getByText('The instance Careers sign-up has been saved').waitFor();
    await card.getByText('Join our talent network').waitFor();

    // A changed instance re-renders the pages that place it at the next Publish to Preview.
    const published = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
      const headers = {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
      };
      const site = '7e000000-0000-4000-8000-00000000a001';
      const release = await fetch('/api/releases', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          mode: 'preview',
          site_id: site,
          build_definition_id: '263',
          build_type: 'both',
        }),
      });
      const { build_id } = (await release.json()) as { build_id: string };
      for (let tries = 0; tries < 120; tries++) {
        const build = (await (await fetch(`/api/builds/${build_id}`, { headers })).json()) as {
          status: string;
        };
        if (build.status === 'succeeded' || build.status === 'failed') return build.status;
        await new Promise((done) => setTimeout(done, 500));
      }
      return 'still running';
    });
    expect(published).toBe('succeeded');
    await page.goto(`${server.base}/preview/careers`);
    await page
      .locator('canopy-newsletter')
      .getByRole('heading', { name: 'Join our talent network' })
      .waitFor();
  }, 120_000);
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
