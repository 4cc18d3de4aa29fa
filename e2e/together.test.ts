/**
 * Working together, in Chromium with two signed-in people (Ada, an administrator, and Eddie, an
 * editor) in two browsers on the same page: each sees the other has it open; Ada's lock, save and
 * Push to Staging reach Eddie's tree and editor without a reload; Eddie requests the lock, Ada
 * declines, then hands it over; when Eddie's browser is gone his lock lapses (a short lease) and
 * Ada sees the item free and locks it; back at the item, Eddie gets what he had typed and not
 * saved offered again, locks and restores it, and saves. Screenshots go to /tmp/canopy-together/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MenuItem } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  accessTokenOf,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  pageOfItsOwn,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
} from './harness';
import { expectNoAxeViolations } from './axe';
import { keptDrafts } from './kept-drafts';
import { findItem } from './publishing';

const SHOTS = '/tmp/canopy-together';
const CONTACT = 'Contact';

describe('working together', { timeout: 240_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  let ada: Page;
  let eddie: Page;
  const contexts: BrowserContext[] = [];
  let contactId = '';

  async function signedIn(username: string, password: string) {
    const opened = await pageOfItsOwn(browser, contexts);
    await signInAdmin(opened, server.base, username, password);
    if (!contactId) {
      const menus = await fetch(`${server.base}/api/menus`, {
        headers: { authorization: `Bearer ${await accessTokenOf(opened)}` },
      });
      contactId = findItem((await menus.json()) as MenuItem[], CONTACT)!.content_id;
    }
    await opened.goto(`${server.base}/admin/content/${contactId}`);
    await opened.getByRole('heading', { name: CONTACT, level: 2 }).waitFor();
    return opened;
  }

  const shot = (on: Page, name: string) => on.screenshot({ path: `${SHOTS}/${name}.png` });
  const header = (on: Page) => on.getByRole('region', { name: 'Item header' });
  const command = (on: Page, name: string) =>
    on.getByRole('toolbar', { name: 'Item commands' }).getByRole('button', { name, exact: true });
  const field = (on: Page, label: string) => on.getByLabel(label, { exact: false }).first();
  const treeLock = (on: Page, who: string) =>
    on
      .getByRole('treeitem', { name: CONTACT, exact: true })
      .getByRole('img', { name: `Locked by ${who}` });
  const status = (on: Page) => header(on).locator('.mantine-Badge-root').last().textContent();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    // A short lease and presence, so that a lock and an editor left behind go within the journey.
    server = await startCanopy({ CANOPY_LOCK_LEASE_SECONDS: '12', CANOPY_PRESENCE_SECONDS: '10' });
    browser = await launchChromium();
    ada = await signedIn('admin', ADMIN_PASSWORD);
    eddie = await signedIn('editor', DEMO_PASSWORD);
  }, 400_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('each sees who else has the item open', async () => {
    await header(ada).getByText('Also open: Eddie Editor').waitFor();
    await header(eddie).getByText('Also open: Ada Admin').waitFor();
    await expectNoAxeViolations(eddie, 'item editor with presence');
  });

  it("Ada's lock, save and Push to Staging reach Eddie's tree and editor without a reload", async () => {
    await command(ada, 'Lock').click();
    await header(eddie).getByText('Locked by Ada Admin').waitFor();
    await treeLock(eddie, 'admin').waitFor();
    expect(await command(eddie, 'Lock').isDisabled()).toBe(true);

    await field(ada, 'Title').fill('Written while Eddie watched');
    await command(ada, 'Save').click();
    await expect
      .poll(() => field(eddie, 'Title').inputValue(), { timeout: 10_000 })
      .toBe('Written while Eddie watched');
    await header(eddie)
      .getByText(/Updated .* by Ada Admin/)
      .waitFor();
    await shot(eddie, 'eddie-sees-ada-lock-and-save');

    await command(ada, 'Push to Staging').click();
    await expect.poll(() => status(eddie), { timeout: 10_000 }).toBe('staged');
    await command(ada, 'Back to Draft').click();
    await expect.poll(() => status(eddie), { timeout: 10_000 }).toBe('draft');
  });

  it('Eddie requests the lock: Ada declines, then hands it over, each answer seen at once', async () => {
    const request = eddie.getByRole('button', { name: 'Request the lock' });
    await request.click();
    await eddie.getByRole('button', { name: 'Lock requested' }).waitFor();
    const asks = ada.getByRole('dialog', { name: 'Eddie Editor asks for the lock' });
    await asks.waitFor();
    await shot(ada, 'ada-asked-for-the-lock');
    await expectNoAxeViolations(ada, 'lock request dialog');
    await asks.getByRole('button', { name: 'Decline' }).click();
    await eddie.getByText('Ada Admin declined to hand over the lock').waitFor();
    expect(await header(eddie).getByText('Locked by Ada Admin').isVisible()).toBe(true);

    await field(ada, 'Title').fill('Not saved, discarded on handover');
    await request.click();
    await asks.getByText('You have unsaved changes', { exact: false }).waitFor();
    await asks.getByRole('button', { name: 'Discard and hand over' }).click();
    await eddie.getByText('Ada Admin handed you the lock').waitFor();
    await header(eddie).getByText('Locked by you').waitFor();
    await header(ada).getByText('Locked by Eddie Editor').waitFor();
    expect(await field(ada, 'Title').inputValue()).toBe('Written while Eddie watched');
    await shot(eddie, 'eddie-handed-the-lock');
  });

  it("when Eddie's browser is gone his lock lapses, and Ada sees it free and locks it", async () => {
    // Eddie types and goes away without saving: his browser keeps what he typed.
    await field(eddie, 'Title').fill('Typed by Eddie before he left');
    await expect
      .poll(async () => (await keptDrafts(eddie)).join(), { timeout: 10_000 })
      .toContain('Typed by Eddie before he left');
    await eddie.close();
    await header(ada).getByText('Not locked').waitFor({ timeout: 60_000 });
    expect(await treeLock(ada, 'editor').count()).toBe(0);
    await command(ada, 'Lock').click();
    await header(ada).getByText('Locked by you').waitFor();
    await treeLock(ada, 'admin').waitFor();
    await shot(ada, 'ada-locks-after-lapse');
    // A closed browser says nothing: its presence ends when it stops saying it is there.
    await header(ada).getByText('Also open').waitFor({ state: 'detached', timeout: 90_000 });
  });

  it('back at the item, Eddie gets his unsaved changes again once he locks it', async () => {
    await command(ada, 'Unlock').click();
    await header(ada).getByText('Not locked').waitFor();
    eddie = await contexts[1]!.newPage();
    await eddie.goto(`${server.base}/admin/content/${contactId}`);
    const note = eddie.getByRole('alert').filter({ hasText: 'Your unsaved changes' });
    await note.getByText('nobody has saved it since', { exact: false }).waitFor();
    expect(await field(eddie, 'Title').inputValue()).toBe('Written while Eddie watched');
    await shot(eddie, 'eddie-offered-his-changes');
    await expectNoAxeViolations(eddie, 'unsaved changes offered back');
    await note.getByRole('button', { name: 'Lock and restore' }).click();
    await expect
      .poll(() => field(eddie, 'Title').inputValue())
      .toBe('Typed by Eddie before he left');
    await header(eddie).getByText('Locked by you').waitFor();
    await command(eddie, 'Save').click();
    await expect
      .poll(() => field(ada, 'Title').inputValue(), { timeout: 10_000 })
      .toBe('Typed by Eddie before he left');
    await expect.poll(async () => (await keptDrafts(eddie)).length).toBe(0);
    await command(eddie, 'Unlock').click();
    await header(ada).getByText('Not locked').waitFor();
    await eddie.close();
  });

  it("the item's History and the Activity screen show who changed what, with filters and export", async () => {
    await ada.getByRole('button', { name: 'History' }).click();
    const changes = ada.getByRole('region', { name: 'Changes' });
    await changes.getByText('Lock lapsed', { exact: false }).waitFor();
    await changes.getByText('Lock handed over', { exact: false }).waitFor();
    await shot(ada, 'item-history-changes');

    await ada.getByRole('button', { name: 'Ada Admin, user menu' }).click();
    await ada.getByRole('menuitem', { name: 'Activity' }).click();
    await ada.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    const table = ada.getByRole('table', { name: 'Activity' });
    const rows = table.getByRole('row');
    await rows.filter({ hasText: 'Lock handed over' }).first().waitFor();
    const ofContact = rows.filter({ hasText: CONTACT });
    expect(
      await ofContact.filter({ hasText: 'Saved' }).filter({ hasText: 'Ada Admin' }).count(),
    ).toBe(1);
    expect(
      await ofContact.filter({ hasText: 'Lock lapsed' }).filter({ hasText: 'System' }).count(),
    ).toBe(1);
    await shot(ada, 'activity');
    await expectNoAxeViolations(ada, 'activity screen');

    await ada.getByRole('combobox', { name: 'Action' }).click();
    await ada.getByRole('option', { name: 'Lock handed over' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain('Ada Admin');
    await ada.getByRole('textbox', { name: 'User', exact: true }).fill('editor');
    await ada.getByText('Nothing matches these filters.').waitFor();
    await ada.getByRole('textbox', { name: 'User', exact: true }).fill('');
    await shot(ada, 'activity-filtered');

    const [csv] = await Promise.all([
      ada.waitForEvent('download'),
      ada.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const text = await (await csv.createReadStream()).toArray();
    const lines = Buffer.concat(text).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      'audit_date,actor_kind,actor,actor_name,action,content_id,content_name,version,details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',handover,');
    const [json] = await Promise.all([
      ada.waitForEvent('download'),
      ada.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const entries = JSON.parse(
      Buffer.concat(await (await json.createReadStream()).toArray()).toString('utf8'),
    ) as { action: string; details: { to?: string } }[];
    expect(entries).toEqual([
      expect.objectContaining({ action: 'handover', details: { to: 'editor' } }),
    ]);
    expectNoPolicyViolations();
  });
});
