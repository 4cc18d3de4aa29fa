/**
 * The page editor in Chromium against a real server: open the demo Home page from the admin,
 * lock it (a new draft), turn on Edit In-Page, drag widgets from Blocks into the zone and into a
 * container item, drop a container and see its two items, edit a heading where it stands and a
 * field in the Selected tab, pick the hero's background image in 'Select Item' (the admin's
 * picker), Save (seen in the API and the admin), Push to Staging, Publish to
 * Preview, the read-only banner on a published version, and a second user who finds the page
 * locked. Screenshots go to /tmp/canopy-page-editor-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  accessTokenOf,
  buildAdmin,
  launchChromium,
  signInAdmin,
  startCanopy,
  type RunningCanopy,
  expectNoPolicyViolations,
} from './harness';
import { expectNoAxeViolations } from './axe';
import { keptDrafts } from './kept-drafts';

const DEMO_HOME_ID = '7e000000-0000-4000-8000-00000000a002';
const SITE_ID = '7e000000-0000-4000-8000-00000000a001';

interface ContentReply {
  version: number;
  status_id: string;
  content_fields: Record<
    string,
    {
      field_value: string | null;
      dynamic_content_regions: Record<
        string,
        {
          region_value: { blocks: { id: string; blocks?: unknown[] }[] };
          content_blocks: Record<
            string,
            {
              template_id: string;
              content_blocks_fields: Record<string, { field_value: string | null }>;
            }
          >;
        }
      >;
    }
  >;
}

describe('the page editor', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The address of the image picked for the hero, saved with the rest. */
  let pickedImage = '';
  /** The page the hero's button was made to link to. */
  let pickedPage = '';

  const shot = (name: string) =>
    page.screenshot({ path: `/tmp/canopy-page-editor-${name}.png`, animations: 'disabled' });
  const toolbar = () => page.getByRole('toolbar', { name: 'Edit toolbar' });
  const panel = () => page.getByRole('complementary', { name: 'Edit panel' });
  const zone = () => page.getByRole('region', { name: 'Main Zone zone' });
  const block = (name: string) => page.getByRole('group', { name: `${name} block` });
  const api = async <T>(path: string): Promise<T> => {
    const token = await accessTokenOf(page);
    const reply = await fetch(`${server.base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status, await reply.clone().text()).toBe(200);
    return (await reply.json()) as T;
  };

  /** Drags a widget from the Blocks tab onto a drop target of the page. */
  async function dragWidget(name: string, target: () => Locator) {
    await panel().getByRole('tab', { name: 'Blocks' }).click();
    await drag(panel().getByRole('button', { name, exact: true }), target);
  }

  /** A pointer drag in small steps (dnd-kit's pointer sensor), onto a target shown once it starts. */
  async function drag(source: Locator, target: () => Locator) {
    await source.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2 + 10, {
      steps: 4,
    });
    const drop = target();
    await drop.waitFor();
    await drop.scrollIntoViewIfNeeded();
    const to = (await drop.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await expect.poll(() => drop.getAttribute('class')).toContain('canopy-drop-over');
    await page.mouse.up();
  }

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  }, 240_000);

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shot(`failed-${task.name.slice(0, 30)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens Home in the page editor from the admin: the page as the site renders it, with the Edit toolbar', async () => {
    await signInAdmin(page, server.base, 'admin', ADMIN_PASSWORD, `/admin/content/${DEMO_HOME_ID}`);
    await page.getByRole('link', { name: 'Edit In-Page' }).click();
    await toolbar().getByText('Welcome, Ada Admin').waitFor();
    await page.getByRole('heading', { name: 'Grow with Canopy Corp', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .waitFor();
    await toolbar()
      .getByRole('option', { name: 'v1 published', selected: true })
      .waitFor({ state: 'attached' });
    // Not locked by the signed-in user: Edit In-Page is off and cannot be turned on.
    await expect
      .poll(() => toolbar().getByRole('switch', { name: 'Edit In-Page' }).isDisabled())
      .toBe(true);
    await shot('opened');
    await expectNoAxeViolations(page, 'page editor, not editing');
  });

  it('locks the published page as a new draft and turns on Edit In-Page: zone frames and the panel', async () => {
    await toolbar().getByRole('button', { name: 'Lock' }).click();
    const confirm = page.getByRole('dialog', { name: 'Create a draft' });
    await confirm
      .getByText('You are about to create a new draft from the latest published version')
      .waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText('The draft has been created').waitFor();
    await toolbar().getByRole('button', { name: 'Unlock' }).waitFor();
    await toolbar()
      .getByRole('option', { name: 'v2 draft', selected: true })
      .waitFor({ state: 'attached' });
    await toolbar().getByRole('switch', { name: 'Edit In-Page' }).check();
    await panel().getByRole('tab', { name: 'Blocks' }).waitFor();
    await zone().getByText('Main Zone [ Use author to drag/drop items ]').waitFor();
    await block('Hero Banner').waitFor();
    expect(await page.locator('[data-canopy-block]').count()).toBe(5);
    const names = await panel().locator('.canopy-widget').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.join()).toContain('Quote');
    await shot('editing-1440');
    await expectNoAxeViolations(page, 'page editor, editing');
    await page.setViewportSize({ width: 1024, height: 768 });
    await panel().getByRole('tab', { name: 'Blocks' }).waitFor();
    // One line at 1024 px: the draft commands fold into a menu, and every control is in view.
    await toolbar().getByRole('button', { name: 'Draft', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Push to Staging' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Push to Staging' }).waitFor({ state: 'hidden' });
    for (const control of await toolbar().locator('button, select, input').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, await control.evaluate((e) => e.outerHTML)).toBeLessThanOrEqual(
        1024,
      );
    }
    await shot('editing-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('drags a widget from Blocks into the zone, and a container whose two items take a block', async () => {
    await dragWidget('Quote', () => page.locator('[data-canopy-drop^="after:"]').first());
    await block('Quote').waitFor();
    await panel().getByRole('tab', { name: 'Selected', selected: true }).waitFor();
    await panel().getByRole('textbox', { name: 'Quote' }).fill('Simple things, done well.');
    await page.getByRole('textbox', { name: 'Quote' }).first().waitFor();
    // The page re-renders with the real component as the field changes.
    await block('Quote').getByText('Simple things, done well.').waitFor();

    await dragWidget('Card Grid', () => page.locator('[data-canopy-drop^="after:"]').last());
    const grids = block('Card Grid');
    await expect.poll(() => grids.count()).toBe(2);
    const fresh = grids.last();
    await expect.poll(() => fresh.getByText(/Card Grid: item \d/).count()).toBe(2);
    // A card goes into the new grid's second item.
    await dragWidget('Card', () => fresh.locator('[data-canopy-drop^="into:"]').nth(1));
    await expect.poll(() => fresh.getByRole('group', { name: 'Card block' }).count()).toBe(1);
    await panel().getByRole('textbox', { name: 'Title' }).fill('Fresh card');
    await fresh.getByText('Fresh card').waitFor();
    await shot('dropped');
  });

  it('moves a block from the keyboard: Space lifts it, arrows move it, Space drops it', async () => {
    const order = () => page.locator('[data-canopy-block] > legend > span').allTextContents();
    // A try that timed out may have left the block lifted: put it back first (Escape cancels).
    const overlay = page.locator('.canopy-drag-overlay');
    if ((await overlay.count()) > 0) {
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'detached' });
    }
    const before = await order();
    const handle = block('Quote').getByRole('button', { name: 'Move Quote' });
    await handle.focus();
    await page.keyboard.press('Space');
    // Lifted: the widget's name follows the block.
    await overlay.waitFor();
    // Down until the target after the next block is the one under it: each press goes to the
    // next drop target, so a few presses reach it whatever the blocks' heights.
    const ids = await page
      .locator('[data-canopy-block]')
      .evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-canopy-block')!));
    const next = ids[before.indexOf('Quote') + 1]!;
    const wanted = page.locator(`.canopy-drop-over[data-canopy-drop="after:${next}"]`);
    const over = () =>
      page
        .locator('.canopy-drop-over')
        .evaluateAll((targets) => targets.map((t) => t.getAttribute('data-canopy-drop')).join());
    for (let step = 0; step < 6 && (await wanted.count()) === 0; step++) {
      const from = await over();
      await page.keyboard.press('ArrowDown');
      // The next target is under the block once the page shows it (the next press goes on from it).
      await expect.poll(over).not.toBe(from);
    }
    await wanted.waitFor();
    await page.keyboard.press('Space');
    await expect.poll(order).not.toEqual(before);
    const after = await order();
    expect(after.indexOf('Quote')).toBe(before.indexOf('Quote') + 1);
    expect([...after].sort()).toEqual([...before].sort());
  });

  it("edits a block's Rich Text in the panel with the admin's rich text editor", async () => {
    const rich = block('Rich Text Block').first();
    await rich.focus();
    await page.keyboard.press('Enter');
    await panel().getByRole('tab', { name: 'Selected', selected: true }).waitFor();
    const body = panel().getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.press('Control+End');
    await panel().getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Bold news.');
    // The page re-renders with the real component, the new words in bold.
    await rich.locator('strong', { hasText: 'Bold news.' }).waitFor();
    await shot('rich-text');
  });

  it("picks the hero's background image and link in Select Item: the page re-renders with them", async () => {
    const hero = block('Hero Banner');
    await hero.focus();
    await page.keyboard.press('Enter');
    await panel().getByRole('tab', { name: 'Selected', selected: true }).waitFor();
    const field = panel().getByRole('group', { name: 'Background Image', exact: true });
    // The demo hero shows the Growth chart; the picker (loaded on demand) previews it.
    await field.getByRole('img', { name: 'Preview of Growth chart' }).waitFor();
    const before = await field.getByRole('textbox').inputValue();
    await field.getByRole('button', { name: 'Select', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Item' });
    await expect
      .poll(() =>
        dialog.getByRole('option', { name: 'Growth chart' }).getAttribute('aria-selected'),
      )
      .toBe('true');
    await shot('picker-1440');
    await expectNoAxeViolations(page, 'page editor, Select Item');
    await page.setViewportSize({ width: 1024, height: 768 });
    await dialog.getByRole('button', { name: 'OK' }).waitFor();
    await shot('picker-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('option', { name: 'Office photo' }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await field.getByRole('img', { name: 'Preview of Office photo' }).waitFor();
    pickedImage = await field.getByRole('textbox').inputValue();
    expect(pickedImage).not.toBe(before);
    expect(pickedImage).toMatch(/\.jpg(\?|$)/);
    // The page re-renders with the real component, the new image behind the heading.
    await expect
      .poll(() => hero.locator('img.cn-hero-bg').getAttribute('src'))
      .toContain(pickedImage.split('?')[0]!.split('/').pop());
    await shot('picked-image');
    // A referenced page: the hero's button links to it at once.
    const link = panel().getByRole('group', { name: 'Link', exact: true });
    await link.getByRole('button', { name: 'Add' }).click();
    await dialog.getByRole('option', { name: 'About', exact: true }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await hero.getByRole('link', { name: 'About' }).waitFor();
    pickedPage = await link.getByRole('textbox').inputValue();

    // The Page tab's pickers: the page's Hero Image, Related Page and its newsletter instance.
    await panel().getByRole('tab', { name: 'Page' }).click();
    const pageField = (name: string) => panel().getByRole('group', { name, exact: true });
    await pageField('Hero Image').getByRole('img', { name: 'Preview of Office photo' }).waitFor();
    await pageField('Related Page')
      .getByLabel('Referenced item')
      .getByText('About', { exact: true })
      .waitFor();
    await panel().getByText('Home page sign-up (version 1)').waitFor();
    await shot('page-tab');
    await panel().getByRole('tab', { name: 'Selected' }).click();
  });

  it('edits the hero heading where it stands; Enter does not break the line', async () => {
    const heading = block('Hero Banner').getByRole('textbox', { name: 'Heading' });
    await heading.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' today');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe('Grow with Canopy Corp today');
    await shot('inline');
  });

  it('formats rich text where it stands with its toolbar', async () => {
    const body = block('Rich Text Block').first().getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Quiet words.');
    for (let i = 0; i < 'Quiet words.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    const formatting = page.getByRole('toolbar', { name: 'Formatting of Body' });
    await formatting.getByRole('button', { name: 'Italic' }).click();
    await body.locator('i, em', { hasText: 'Quiet words.' }).waitFor();
    await expect
      .poll(() => formatting.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed'))
      .toBe('true');
    // A link only to an address the site keeps.
    await formatting.getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await page.getByText('Enter a web, mailto: or tel: address, or a path on this site').waitFor();
    await address.fill('/about/');
    await address.press('Enter');
    await body.locator('a[href="/about/"]', { hasText: 'Quiet words.' }).waitFor();
    await shot('inline-toolbar');
    // From the keyboard: Alt+F10 reaches the toolbar, Escape goes back to the field.
    const focused = (locator: Locator) =>
      locator.evaluate((e) => (e.getRootNode() as Document | ShadowRoot).activeElement === e);
    await page.keyboard.press('Alt+F10');
    await expect.poll(() => focused(formatting.getByRole('button', { name: 'Bold' }))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(body)).toBe(true);
    await expectNoAxeViolations(page, 'page editor, inline rich text toolbar');
    // Leaving the field puts the toolbar away.
    await panel().getByRole('tab', { name: 'Selected' }).click();
    await formatting.waitFor({ state: 'hidden' });
  });

  it('keeps what is typed across a reload, and offers it back', async () => {
    await expect.poll(async () => (await keptDrafts(page)).join()).toContain('href=\\"/about/\\"');
    const leave = (dialog: Dialog) => void dialog.accept(); // 'Leave site?': changes not saved
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    const offer = page.getByRole('dialog', { name: 'Your unsaved changes from an earlier visit' });
    await offer.getByText('Nobody has saved it since. Restore them?', { exact: false }).waitFor();
    await shot('kept-changes');
    await expectNoAxeViolations(page, 'page editor, unsaved changes offered back');
    await offer.getByRole('button', { name: 'Restore my changes' }).click();
    await toolbar().getByRole('switch', { name: 'Edit In-Page' }).check();
    const heading = block('Hero Banner').getByRole('textbox', { name: 'Heading' });
    await expect.poll(() => heading.textContent()).toBe('Grow with Canopy Corp today');
    // The hero selected again, as before the reload.
    await block('Hero Banner').focus();
    await page.keyboard.press('Enter');
    await panel().getByRole('tab', { name: 'Selected', selected: true }).waitFor();
  });

  it('saves once, and the API and the admin show the change', async () => {
    await toolbar().getByRole('button', { name: 'Save' }).click();
    await page.getByText('The content has been saved').waitFor();
    const saved = await api<ContentReply>(`/api/contents/${DEMO_HOME_ID}`);
    expect(saved.version).toBe(2);
    const text = JSON.stringify(saved);
    expect(text).toContain('Grow with Canopy Corp today');
    expect(text).toContain('Simple things, done well.');
    expect(text).toContain('Fresh card');
    expect(text).toContain(pickedImage);
    expect(text).toContain(pickedPage);
    // The inline toolbar's italic and link, in either nesting.
    const quiet = Object.values(saved.content_fields)
      .flatMap((f) => Object.values(f.dynamic_content_regions))
      .flatMap((r) => Object.values(r.content_blocks))
      .flatMap((b) => Object.values(b.content_blocks_fields))
      .map((f) => f.field_value ?? '')
      .find((value) => value.includes('Quiet words.'));
    expect(quiet).toMatch(/<(i|em)>(<a [^>]*>)?Quiet words\./);
    expect(quiet).toMatch(/<a href="\/about\/"[^>]*>(<(i|em)>)?Quiet words\./);
    const zoneRegion = Object.values(saved.content_fields)
      .flatMap((f) => Object.values(f.dynamic_content_regions))
      .find((r) => r.region_value?.blocks);
    const top = zoneRegion!.region_value.blocks;
    expect(top).toHaveLength(5);
    const container = top[4]!;
    expect(container.blocks).toHaveLength(2);

    const admin = await context.newPage();
    await admin.goto(`${server.base}/admin/content/${DEMO_HOME_ID}`);
    await admin.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    await admin.getByRole('tab', { name: 'Content' }).click();
    await admin.getByRole('group', { name: 'Quote', exact: true }).waitFor();
    await admin.close();
  });

  it('pushes the draft to staging: the panel turns read-only', async () => {
    await toolbar().getByRole('button', { name: 'Push to Staging' }).click();
    await page.getByText('Version 2 has been pushed to staging').waitFor();
    await panel()
      .getByText(/Version 2 is staged: nothing can be changed/)
      .waitFor();
    await expect
      .poll(() => panel().getByRole('textbox', { name: 'Heading', exact: true }).isEditable())
      .toBe(false);
    await expect
      .poll(() => panel().getByRole('button', { name: 'Delete block' }).isDisabled())
      .toBe(true);
    // Nothing can be moved: the frames and inline fields are gone.
    await expect.poll(() => page.locator('[data-canopy-block], .canopy-inline').count()).toBe(0);
    await shot('staged');
    await expectNoAxeViolations(page, 'page editor, read-only');
  });

  it('publishes to preview: the preview target shows the staged page', async () => {
    await toolbar().getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('menuitem', { name: 'Publish to Preview' }).click();
    await page
      .getByRole('dialog', { name: 'Publish to Preview' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await page.getByText('The publish has been submitted').waitFor();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }[]>(`/api/builds?site_id=${SITE_ID}&mode=preview`))[0]
            ?.status,
        { timeout: 60_000 },
      )
      .toBe('succeeded');
    // A navigation carries no token: the preview session cookie admits the signed-in reader.
    const session = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
      const reply = await fetch('/api/preview/session', {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}` },
        credentials: 'include',
      });
      return reply.status;
    });
    expect(session).toBe(204);
    const preview = await context.newPage();
    await preview.goto(`${server.base}/preview/`);
    await preview.getByRole('heading', { name: 'Grow with Canopy Corp today' }).waitFor();
    await preview.getByText('Simple things, done well.').waitFor();
    // From the page itself, into the page editor.
    await preview.getByRole('link', { name: 'Edit this page' }).click();
    await preview.getByRole('toolbar', { name: 'Edit toolbar' }).waitFor();
    await preview.getByRole('heading', { name: 'Grow with Canopy Corp today', level: 1 }).waitFor();
    await preview.close();
  }, 90_000);

  it('shows the read-only banner on a published version', async () => {
    await toolbar().getByRole('combobox', { name: 'Version' }).selectOption('1');
    await panel()
      .getByText(/Version 1 is published: nothing can be changed/)
      .waitFor();
    await page
      .getByRole('heading', { name: 'Grow with Canopy Corp', level: 1, exact: true })
      .waitFor();
    await shot('published');
  });

  it("shows a second user 'Locked by' and the owner's name, with the lock button disabled", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const other = await context.newPage();
    other.setDefaultTimeout(10_000);
    await signInAdmin(other, server.base, 'editor', DEMO_PASSWORD);
    await other.goto(`${server.base}/admin/page-editor/${DEMO_HOME_ID}`);
    const bar = other.getByRole('toolbar', { name: 'Edit toolbar' });
    await bar.getByText('Locked by Ada Admin').waitFor();
    await expect
      .poll(() => bar.getByRole('button', { name: 'Lock', exact: true }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => bar.getByRole('switch', { name: 'Edit In-Page' }).isDisabled())
      .toBe(true);
    await other.screenshot({ path: '/tmp/canopy-page-editor-locked-by.png' });
    await context.close();
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
