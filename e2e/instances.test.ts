/**
 * Two instances on one PostgreSQL database, in Chromium: Ada works in the admin served by
 * instance B while Eddie, an editor, works through instance A; Ada's item editor and tree show
 * at once that Eddie has the item open and then holds its lock. Screenshots go to
 * /tmp/canopy-instances/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
import { adminApi, findItem, type Api } from './publishing';
import { admin, SERVER } from '../packages/server/test/instances/postgres';

const SHOTS = '/tmp/canopy-instances';
const DATABASE = `canopy_journey_${process.pid}_${Date.now()}`;
const CONTACT = 'Contact';

describe('two instances, one browser on each side', { timeout: 240_000 }, () => {
  let a: RunningCanopy;
  let b: RunningCanopy;
  let browser: Browser;
  let ada: Page;
  let eddieOnA: Api;
  let contactId = '';

  const header = () => ada.getByRole('region', { name: 'Item header' });
  /** A screenshot once the admin has read what it was told (no loader in front of it). */
  const shot = async (name: string) => {
    await ada.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'hidden' });
    await ada.screenshot({ path: `${SHOTS}/${name}.png` });
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    await admin(`CREATE DATABASE "${DATABASE}"`);
    const env = {
      DATABASE_URL: `${SERVER}/${DATABASE}`,
      CANOPY_BUILD_ON_START: 'false',
      CANOPY_RENDER_WARM: 'false',
      CANOPY_RENDER_THREADS: '1',
    };
    // B first: its address is the one people (and so the tokens' issuer) use for both.
    b = await startCanopy(env);
    a = await startCanopy({ ...env, CANOPY_PUBLIC_URL: b.base });
    eddieOnA = await adminApi(a, 'editor');
    contactId = findItem(await eddieOnA('GET', '/api/menus'), CONTACT)!.content_id;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    ada = await context.newPage();
    ada.setDefaultTimeout(20_000);
    ada.setDefaultNavigationTimeout(60_000);
    await signInAdmin(ada, b.base, 'admin', ADMIN_PASSWORD);
    await ada.goto(`${b.base}/admin/content/${contactId}`);
    await ada.getByRole('heading', { name: CONTACT, level: 2 }).waitFor();
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([a, b].filter(Boolean).map((server) => server.stop()));
    await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  });

  it("shows in B's admin, without a reload, who works on the item through A and their lock", async () => {
    // Ada's editor said on B that it has the item open, and A knows it; her event stream is open.
    await expect
      .poll(async () => {
        const { viewers } = await eddieOnA('GET', `/api/presence/${contactId}`);
        return viewers.map((viewer: { username: string }) => viewer.username);
      })
      .toEqual(['admin']);
    await expect
      .poll(async () => {
        const metrics = await (await fetch(`${b.base}/metrics`)).text();
        return Number(/^canopy_event_streams (\d+)$/m.exec(metrics)?.[1]);
      })
      .toBeGreaterThan(0);
    await eddieOnA('PUT', `/api/presence/${contactId}`);
    await header().getByText('Also open: Eddie Editor').waitFor();
    await shot('b-sees-presence-on-a');

    const latest = await eddieOnA('GET', `/api/contents/${contactId}`);
    if (latest.status_id !== 'draft') {
      await eddieOnA('POST', '/api/contents/draftfromversion', {
        content_id: contactId,
        version: latest.version,
      });
    }
    await eddieOnA('PUT', `/api/lockcontents/${contactId}`);
    await header().getByText('Locked by Eddie Editor').waitFor();
    await ada
      .getByRole('treeitem', { name: CONTACT, exact: true })
      .getByRole('img', { name: 'Locked by editor' })
      .waitFor();
    await shot('b-sees-a');
    await expectNoAxeViolations(ada, 'item editor on B with a lock taken on A');
    expectNoPolicyViolations();
  });
});
