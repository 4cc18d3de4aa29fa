/**
 * One server, one sign-in per user, and everything a person can be shown in the admin: every
 * screen and dialog checked with axe-core (WCAG 2.0/2.1 A and AA, zero violations), every §8
 * toast with its text and kind (failures made by answering the call with an error through
 * Playwright's request routing), the toasts' limits, the tree's 'No access' and the §5 messages
 * that no other journey shows. Screenshots go to /tmp/canopy-catalogue/.
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { TEMPLATE_FOLDER_ID, type MenuItem } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  buildAdmin,
  launchChromium,
  startCanopy,
  type RunningCanopy,
  expectNoPolicyViolations,
} from './harness';
import { adminApi, type Api } from './publishing';
import { expectNoAxeViolations } from './axe';

const SHOTS = '/tmp/canopy-catalogue';

describe('the catalogue of screens, toasts and messages', { timeout: 120_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  let api: Api;
  let page: Page;
  const contexts: BrowserContext[] = [];
  const ids = new Map<string, string>();

  const tree = (on: Page = page) => on.getByRole('tree', { name: 'Content tree' });
  const treeItem = (name: string, on: Page = page) =>
    tree(on).getByRole('treeitem', { name, exact: true });
  const heading = (name: string, on: Page = page) =>
    on.getByRole('heading', { name, level: 2 }).waitFor();
  const command = (name: string) =>
    page.getByRole('toolbar', { name: 'Item commands' }).getByRole('button', { name, exact: true });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
  const axe = (label: string) => expectNoAxeViolations(page, label);

  /** The toasts on screen (§8): Mantine notifications, each with its kind in data-kind. */
  const toasts = (on: Page = page) => on.getByRole('alert').and(on.locator('[data-kind]'));

  /** Waits for the toast with exactly this text and asserts its kind. */
  async function expectToast(text: string, kind: string, on: Page = page) {
    const shown = toasts(on)
      .filter({ has: on.getByText(text, { exact: true }) })
      .first();
    await shown.waitFor();
    expect(await shown.getAttribute('data-kind')).toBe(kind);
  }

  /** Closes every toast on screen, so the next ones are not queued behind them (3 at most). */
  async function clearToasts(on: Page = page) {
    while ((await toasts(on).count()) > 0) {
      // A toast that closed on its own meanwhile leaves nothing to click: look again at once
      // instead of waiting the page's whole timeout for one to come.
      await toasts(on)
        .first()
        .getByRole('button', { name: 'Close' })
        .click({ timeout: 1000 })
        .catch(() => undefined);
    }
  }

  /**
   * Runs `work` while the server answers `method` calls matching `url` with a 500 (what a failing
   * server or proxy answers), then lets them through again.
   */
  async function failing(url: string | RegExp, method: string, work: () => Promise<void>) {
    const handler = (route: Route) =>
      route.request().method() === method
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong' }),
          })
        : route.fallback();
    await page.route(url, handler);
    try {
      await clearToasts();
      await work();
    } finally {
      await page.unroute(url, handler);
    }
  }

  /** A browser of its own (own storage), signed in on the provider page. */
  async function signIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
    contexts.push(context);
    const opened = await context.newPage();
    opened.setDefaultTimeout(10_000);
    await opened.goto(`${server.base}/admin/`);
    await opened.getByLabel('Username').fill(username);
    await opened.getByLabel('Password').fill(password);
    await opened.getByRole('button', { name: 'Sign in' }).click();
    await treeItem('Home', opened).waitFor();
    return opened;
  }

  /** Opens an item by its name through the address bar, as a deep link. */
  async function open(name: string, on: Page = page) {
    await on.goto(`${server.base}/admin/content/${ids.get(name)}`);
    await heading(name, on);
  }

  /** Locks the open item: a published one gets a new draft first. */
  async function lockOpenItem() {
    await command('Lock').click();
    const confirm = dialog('Create a draft');
    const unlock = command('Unlock');
    await confirm.or(unlock).first().waitFor();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'OK' }).click();
    await unlock.waitFor();
  }

  /** Locks the open item unless it is locked by the signed-in user already. */
  async function ensureLocked() {
    if (!(await command('Unlock').isVisible())) await lockOpenItem();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    api = await adminApi(server);
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        ids.set(item.content_name, item.content_id);
        walk(item.children);
      }
    };
    walk((await api('GET', '/api/menus')) as MenuItem[]);
    browser = await launchChromium();
    page = await signIn('admin', ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    if (server?.child.exitCode != null) console.log(server.output());
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('every admin screen and dialog passes axe', async () => {
    await axe('the tree');
    // Filtered, each row shows where its item sits beside its name.
    const filter = page.getByPlaceholder('Filter Items');
    await filter.fill('sup');
    await treeItem('Support Plans Home / Services / Support').waitFor();
    await axe('the filtered tree');
    await filter.fill('');
    await treeItem('Home').click();
    await heading('Home');
    await axe('the item editor');
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('group', { name: 'Main Zone' }).waitFor();
    await axe('the item editor, Content tab');

    await command('History').click();
    await page
      .getByRole('complementary', { name: 'Version history' })
      .getByLabel('Version 1')
      .waitFor();
    await axe('version history');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Item' }).click();
    await dialog('Add Item').getByRole('radio', { name: 'Page' }).waitFor();
    await axe('Add Item');
    await dialog('Add Item').getByRole('button', { name: 'Cancel' }).click();

    await command('Lock').click();
    await dialog('Create a draft').getByRole('button', { name: 'OK' }).waitFor();
    await axe('the Create a draft confirmation');
    await dialog('Create a draft').getByRole('button', { name: 'OK' }).click();
    await command('Unlock').waitFor();
    await page.getByRole('tab', { name: 'Page properties' }).click();
    const related = page.getByRole('group', { name: 'Related Page', exact: true });
    await related.getByRole('button', { name: 'Select', exact: true }).click();
    await dialog('Select Item').getByRole('option', { name: 'About' }).waitFor();
    await axe('Select Item');
    await dialog('Select Item').getByRole('button', { name: 'Cancel' }).click();

    await treeItem('Media Library').click();
    await heading('Media Library');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await dialog('Add Item').getByRole('radio', { name: 'Image' }).check();
    await dialog('Add Item').getByRole('button', { name: 'Next' }).click();
    await dialog('Add Item').getByText('Click here to choose a file').waitFor();
    await axe('Add Item, choosing files');
    await dialog('Add Item').getByRole('button', { name: 'Cancel' }).click();

    await open('Office photo');
    await axe('a media item');
    await lockOpenItem();
    await page.getByRole('button', { name: 'Replace' }).click();
    await dialog('Upload File').getByText('Click here to choose a file').waitFor();
    await axe('the Upload File dialog');
    await dialog('Upload File').getByRole('button', { name: 'Cancel' }).click();

    await open('Contact');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Contact').dragTo(treeItem('Services'));
    await dialog('Item Move Confirmation')
      .getByText('Are you sure you want to move this item?')
      .waitFor();
    await axe('Item Move Confirmation');
    await dialog('Item Move Confirmation').getByRole('button', { name: 'Cancel' }).click();
    await treeItem('Footer').dragTo(treeItem('Media Library'));
    await dialog('Item Move Not Allowed').waitFor();
    await axe('Item Move Not Allowed');
    await dialog('Item Move Not Allowed').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Disable Reorder Menu Items' }).click();

    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Permissions' }).click();
    await page.getByRole('combobox', { name: 'Role' }).waitFor();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^author/i }).click();
    await axe('the permissions editor');
    await shot('permissions');
    await page.getByRole('button', { name: 'Edit permissions of Home' }).click();
    await dialog('Edit Permissions').waitFor();
    await axe('the Edit Permissions dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Close Permissions Editor' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Builds' }).waitFor();
    await axe('the Publish menu');
    await page.getByRole('menuitem', { name: 'Publish to Preview' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await dialog('Publish to Preview')
      .getByRole('button', { name: 'Publish to Preview' })
      .waitFor();
    await axe('the publish dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Builds' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await dialog('Builds of Canopy Demo')
      .getByRole('table', { name: 'Builds of Delivery' })
      .waitFor();
    await axe('the builds panel');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Scheduled changes' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await dialog('Scheduled changes').waitFor();
    await axe('the scheduled changes panel');
    await page.keyboard.press('Escape');

    await page.goto(`${server.base}/admin/templates/${TEMPLATE_FOLDER_ID}`);
    await heading('Templates');
    await axe('the template folder');
    await page.getByRole('button', { name: 'New template' }).click();
    await dialog('New template').getByLabel('Template name').waitFor();
    await axe('the New template dialog');
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: 'Templates in this folder' })
      .getByRole('link', { name: 'Page', exact: true })
      .click();
    await heading('Page');
    await axe('the template editor');
    await shot('template-editor');

    await page.goto(`${server.base}/admin/microapps`);
    const card = page.getByRole('region', { name: 'Newsletter' });
    await card.waitFor();
    await axe('the micro-apps screen');
    await page.getByRole('button', { name: 'Register micro-app' }).click();
    await page.getByRole('dialog').waitFor();
    await axe('the Register micro-app dialog');
    await page.keyboard.press('Escape');
    await card
      .getByRole('button', { name: /^Edit instance / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await axe('the Edit instance dialog');
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Edit micro-app Newsletter' }).click();
    await dialog('Edit micro-app: Newsletter').waitFor();
    await axe('the Edit micro-app dialog');
    await page.keyboard.press('Escape');
    await card
      .getByRole('button', { name: /^Delete instance / })
      .first()
      .click();
    await dialog('Delete instance').waitFor();
    await axe('the Delete instance confirmation');
    await page.keyboard.press('Escape');
  });
  it('the item editor shows each of its §8 toasts, successes and failures', async () => {
    const home = ids.get('Home')!;
    const about = ids.get('About')!;
    // Home is the draft locked in the walk above; its Related Page refers to About.
    await failing(new RegExp(`/api/contents/${about}$`), 'GET', async () => {
      await open('Home');
      await expectToast('Error Loading Content Reference Picker Data', 'error');
    });
    await open('Home');
    await ensureLocked();
    const title = page.getByLabel('Title', { exact: false }).first();
    const saveFails = (work: () => Promise<void>) =>
      failing(new RegExp(`/api/contents/${home}$`), 'PUT', work);

    await title.fill('Welcome, again');
    await saveFails(async () => {
      await command('Save').click();
      await expectToast('The content had issues saving', 'error');
    });
    await command('Save').click();
    await expectToast('The content has been saved', 'success');

    await failing('**/api/content/updatedinfo/**', 'PUT', async () => {
      await command('Mark Updated').click();
      await expectToast('The template had issues updating updated date and person', 'error');
    });
    await clearToasts();
    await command('Mark Updated').click();
    await expectToast('The updated date and person have been updated', 'success');

    // A removed zone block is deleted on Save.
    await page.getByRole('tab', { name: 'Content' }).click();
    const zone = page.getByRole('group', { name: 'Main Zone' });
    await zone.getByRole('button', { name: 'Actions for Rich Text Block' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await saveFails(async () => {
      await command('Save').click();
      await expectToast('The conent block had issues deleting', 'error');
      await expectToast('The content had issues saving', 'error');
    });
    await clearToasts();
    await command('Save').click();
    await expectToast('The content block has been deleted', 'success');
    await shot('toasts-block-deleted');

    // A micro-app instance made in place.
    await page.getByRole('tab', { name: 'Page properties' }).click();
    await page.getByRole('textbox', { name: 'New Newsletter instance' }).fill('Second sign-up');
    await failing('**/registeredclientapi', 'POST', async () => {
      await page.getByRole('button', { name: 'Create instance' }).click();
      await expectToast('Error creating new microapp instance', 'error');
    });
    await page.getByRole('button', { name: 'Create instance' }).click();
    await expectToast('New Microapp Instance Created', 'success');
    await page.keyboard.press('Control+s');
    await expectToast('The content has been saved', 'success');

    await failing('**/api/unlockcontents/**', 'PUT', async () => {
      await command('Unlock').click();
      await expectToast('Error in Unlocking Content Data', 'error');
    });
    await command('Unlock').click();
    await command('Lock').waitFor();
    await failing('**/api/lockcontents/**', 'PUT', async () => {
      await command('Lock').click();
      await expectToast('Error in Locking Content Data', 'error');
    });

    // Two users race for one lock: the editor saw Home unlocked, the administrator took it first
    // (the editor's live events are held back, as on a slow connection, so the screen is stale).
    const editor = await signIn('editor', DEMO_PASSWORD);
    await editor.route('**/api/events**', (route) => route.abort());
    await open('Home', editor);
    await editor.getByText('Not locked').waitFor();
    await api('PUT', `/api/lockcontents/${home}`);
    await editor
      .getByRole('toolbar', { name: 'Item commands' })
      .getByRole('button', { name: 'Lock', exact: true })
      .click();
    await expectToast('Content has been locked by Ada Admin', 'Failure', editor);
    await editor.screenshot({ path: `${SHOTS}/toast-locked-by.png` });
    await editor.context().close();

    await open('Home');
    await command('Unlock').waitFor();
    const deleteDraft = async () => {
      await command('Delete Draft').click();
      await dialog('Delete Draft').getByRole('button', { name: 'OK' }).click();
    };
    await failing('**/api/contents/draft/**', 'DELETE', async () => {
      await deleteDraft();
      await expectToast('The content had issues deleting', 'error');
    });
    await deleteDraft();
    await expectToast('The content has been deleted', 'success');

    // A draft the server cannot make: its reason is the toast (§8 'or a failure message').
    await failing('**/api/contents/draftfromversion', 'POST', async () => {
      await command('Lock').click();
      await dialog('Create a draft').getByRole('button', { name: 'OK' }).click();
      await expectToast('Something went wrong', 'error');
    });
    await lockOpenItem();
    await expectToast('The draft has been created', 'success');
  });

  it('the tree, media, Add Item and publishing show their §8 toasts', async () => {
    await open('Contact');
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Reorder Menu Items' }).click();
    await treeItem('Contact').click();
    await page.keyboard.press('Alt+ArrowUp');
    await expectToast('The menu has been reordered', 'success');
    await failing('**/api/contents/*', 'PUT', async () => {
      await treeItem('Contact').click();
      await page.keyboard.press('Alt+ArrowDown');
      await expectToast('There was an error re-ordering the menu', 'error');
    });
    await page.getByRole('button', { name: 'Tree options' }).click();
    await page.getByRole('menuitem', { name: 'Disable Reorder Menu Items' }).click();

    await open('Office photo');
    await page.getByRole('button', { name: 'Copy Link' }).first().click();
    await expectToast('Link Has Been Copied to the Clipboard', 'success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/media-library/');

    await treeItem('Media Library').click();
    await heading('Media Library');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const addImage = async (name: string) => {
      await page.getByRole('button', { name: 'Add Item' }).click();
      const add = dialog('Add Item');
      await add.getByRole('radio', { name: 'Image' }).check();
      await add.getByRole('button', { name: 'Next' }).click();
      await add.getByLabel('Choose files to upload').setInputFiles({
        name,
        mimeType: 'image/png',
        buffer: png,
      });
      await add.getByRole('button', { name: 'OK' }).click();
    };
    await failing('**/api/media/**', 'POST', async () => {
      await addImage('pebble.png');
      await expectToast('The media had issues saving', 'error');
    });
    await dialog('Add Item').getByRole('button', { name: 'Cancel' }).click();
    await addImage('pebble.png');
    await expectToast('The media has been saved', 'success');
    await heading('pebble');

    // A multi-stream video is one folder of files: its folder could not be made.
    const stream = mkdtempSync(join(tmpdir(), 'canopy-stream-'));
    writeFileSync(join(stream, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n');
    writeFileSync(join(stream, 'v.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n');
    await treeItem('Media Library').click();
    await heading('Media Library');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const add = dialog('Add Item');
    await add.getByRole('radio', { name: 'Multi-Stream Video' }).check();
    await add.getByRole('button', { name: 'Next' }).click();
    await add.getByLabel('Choose a folder to upload').setInputFiles(stream);
    await add.getByRole('list', { name: 'Files to upload' }).getByText('master.m3u8').waitFor();
    await failing('**/api/mediacollectionfolder/**', 'POST', async () => {
      await add.getByRole('button', { name: 'OK' }).click();
      await expectToast('Error with creating media collection folder', 'error');
    });
    await add.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish to Preview' }).click();
    const publish = dialog('Publish to Preview');
    await failing('**/api/releases', 'POST', async () => {
      await publish.getByRole('button', { name: 'Publish to Preview' }).click();
      await expectToast('The publish had issues', 'error');
    });
    await shot('toast-publish-failed');
    await page.keyboard.press('Escape');
  });

  it('shows at most three toasts at once, bottom left, each gone 5 s after it came', async () => {
    await open('Office photo');
    await clearToasts();
    const copy = page.getByRole('button', { name: 'Copy Link' }).first();
    const clickedAt = Date.now();
    for (let n = 0; n < 4; n++) await copy.click();
    await expect.poll(() => toasts().count()).toBe(3);
    await shot('toasts-three');
    const viewport = page.viewportSize()!;
    for (const box of await Promise.all(
      (await toasts().all()).map((toast) => toast.boundingBox()),
    )) {
      expect(box!.x).toBeLessThan(40);
      expect(box!.y + box!.height).toBeGreaterThan(viewport.height / 2);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    }
    const first = await toasts().first().elementHandle();
    await first!.waitForElementState('hidden', { timeout: 10_000 });
    // Shown after the first click, gone no sooner than 5 s later (and not much later).
    const lasted = Date.now() - clickedAt;
    expect(lasted).toBeGreaterThanOrEqual(5_000);
    expect(lasted).toBeLessThan(9_000);
    // The fourth was waiting for a place: it shows now, and the rest go too.
    await expect.poll(() => toasts().count(), { timeout: 15_000 }).toBe(0);
  });

  it("'No access' where the selected item lacks Create (the author on Home)", async () => {
    const author = await signIn('author', DEMO_PASSWORD);
    await treeItem('Home', author).click();
    await heading('Home', author);
    await author.getByText('No access', { exact: true }).waitFor();
    expect(await author.getByRole('button', { name: 'Add Item' }).count()).toBe(0);
    await expectNoAxeViolations(author, "the tree with 'No access'");
    await author.context().close();
  });

  it('gives the §5 messages no other journey shows', async () => {
    // Add Item's upload rules, before anything is sent.
    await treeItem('Media Library').click();
    await heading('Media Library');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const add = dialog('Add Item');
    await add.getByRole('radio', { name: 'Document' }).check();
    await add.getByRole('button', { name: 'Next' }).click();
    await add.getByRole('button', { name: 'OK' }).click();
    expect(await add.getByRole('alert').textContent()).toBe('please select a file to upload');
    // One byte over the cap, as a sparse file: nothing is read before the size is refused.
    const big = join(mkdtempSync(join(tmpdir(), 'canopy-big-')), 'minutes.pdf');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 100_000_001);
    closeSync(fd);
    const input = add.getByLabel('Choose files to upload');
    await input.setInputFiles(big);
    expect(await add.getByRole('alert').textContent()).toBe(
      'minutes.pdf: this file is over the max size of 100.0 MB',
    );
    await input.setInputFiles({ name: 'README', mimeType: 'text/plain', buffer: Buffer.from('x') });
    expect(await add.getByRole('alert').textContent()).toBe('README: this file has no extension');
    await shot('upload-rules');
    await add.getByRole('button', { name: 'Cancel' }).click();

    // Field rules on values the editor cannot pick (data from elsewhere): a Title pattern that
    // does not compile, a reference that is no id, a media address without an extension.
    const home = ids.get('Home')!;
    const about = ids.get('About')!;
    const rewrite = (value: unknown, change: (row: Record<string, unknown>) => void): unknown => {
      if (Array.isArray(value)) return value.map((item) => rewrite(item, change));
      if (value && typeof value === 'object') {
        const row = Object.fromEntries(
          Object.entries(value).map(([key, item]) => [key, rewrite(item, change)]),
        );
        change(row);
        return row;
      }
      return value;
    };
    const serve = (change: (row: Record<string, unknown>) => void) => async (route: Route) => {
      const response = await route.fetch();
      const body = rewrite(await response.json(), change);
      await route.fulfill({ response, json: body });
    };
    await page.route(
      new RegExp(`/api/contents/${home}(/\\d+)?(\\?.*)?$`),
      serve((row) => {
        if (row.field_value === about) row.field_value = 'not-an-id';
        if (typeof row.field_value === 'string' && row.field_value.startsWith('/media-library/'))
          row.field_value = '/media-library/media/photo';
      }),
    );
    await page.route(
      /\/api\/templates\/[^/?]+(\?.*)?$/,
      serve((row) => {
        if (row.field_name === 'Title') row.regex_validation = '(';
      }),
    );
    await open('Home');
    await ensureLocked();
    await page.getByLabel('Title', { exact: false }).first().fill('Welcome home');
    await page.keyboard.press('Tab');
    await page.getByText('There was an error with validation (regular expression)').waitFor();
    await command('Save').click();
    await page.getByText('This field does not have a valid reference to another field').waitFor();
    await page.getByText('The file has no extension', { exact: true }).first().waitFor();
    await shot('field-rules');
    await page.unrouteAll();
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
