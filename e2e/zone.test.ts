/**
 * The demo Home page's dynamic zone in Chromium against a real server: lock (a new draft), add a
 * block, move blocks (dragging, the Actions menu, into a container item), remove one, save, and
 * see the same zone after a reload. Screenshots go to /tmp/canopy-zone-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  untilStill,
  type RunningCanopy,
} from './harness';

const DEMO_HOME_ID = '7e000000-0000-4000-8000-00000000a002';

describe('the dynamic zone editor', () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: `/tmp/canopy-zone-${name}.png` });
  const zone = () => page.getByRole('group', { name: 'Main Zone' });
  const block = (name: string, within: Locator = zone()) =>
    within.getByRole('group', { name, exact: true });
  /** The zone's blocks as their fieldset titles, nested ones included, in page order. */
  const titles = () => zone().locator('fieldset > legend').allTextContents();
  const topLevel = () =>
    zone().locator(':scope > div > [data-zone-node] > fieldset > legend').allTextContents();
  const action = async (name: string, item: string, within: Locator = zone()) => {
    await within
      .getByRole('button', { name: `Actions for ${name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  beforeAll(async () => {
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(10_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens Home, locks it as a new draft, and shows its zone as blocks in fieldsets', async () => {
    await page.goto(`${server.base}/admin/content/${DEMO_HOME_ID}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();

    const commands = page.getByRole('toolbar', { name: 'Item commands' });
    await commands.getByRole('button', { name: 'Lock' }).click();
    const confirm = page.getByRole('dialog', { name: 'Create a draft' });
    await confirm
      .getByText('You are about to create a new draft from the latest published version')
      .waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await commands.getByRole('button', { name: 'Unlock' }).waitFor();

    await page.getByRole('tab', { name: 'Content' }).click();
    await block('Hero Banner').waitFor();
    expect(await titles()).toEqual(['Hero Banner', 'Rich Text Block', 'Card Grid', 'Card', 'Card']);
    expect(await topLevel()).toEqual(['Hero Banner', 'Rich Text Block', 'Card Grid']);
    const grid = block('Card Grid');
    expect(
      await block('Card', grid.getByRole('group', { name: 'Card Grid, item 1' }))
        .getByLabel('Title')
        .inputValue(),
    ).toBe('Consulting');
    await block('Hero Banner').scrollIntoViewIfNeeded();
    await shot('opened');
  });

  it("adds a Quote from the zone's allowed widgets and fills it in", async () => {
    const add = zone().getByRole('button', { name: 'Add block', exact: true });
    await add.click();
    await page.getByRole('menu').getByRole('menuitem').first().waitFor();
    const offered = await page.getByRole('menuitem').allTextContents();
    expect(offered).toEqual([
      'Call To Action',
      'Card Grid',
      'Hero Banner',
      'Image With Caption',
      'Newsletter Signup',
      'Quote',
      'Rich Text Block',
    ]);
    await page.getByRole('menuitem', { name: 'Quote' }).click();
    const quote = block('Quote');
    await quote.getByText('New', { exact: true }).waitFor();
    // The new block's first field takes the focus.
    const text = quote.getByRole('textbox', { name: 'Quote', exact: true });
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Ship small, ship often.');
    await quote.getByRole('textbox', { name: 'Attribution' }).fill('The team');
    expect(await topLevel()).toEqual(['Hero Banner', 'Rich Text Block', 'Card Grid', 'Quote']);
    await shot('added');
  });

  it('moves blocks: by dragging, up from the Actions menu, and into a container item', async () => {
    // A window taller than the whole item, so that both ends of the drag are on screen and
    // nothing can scroll: near a scrollable edge the drag scrolls the pane, and the drop misses.
    await page.setViewportSize({ width: 1440, height: 4000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Drag the Hero Banner by its handle onto the lower edge of the Card Grid: it goes after it.
    const handle = zone().getByRole('button', { name: 'Drag Hero Banner' });
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 40, { steps: 5 });
    // Lifting the banner shifts the blocks below it: aim at the grid where it is once the blocks
    // have stopped moving, and again after the move (a busy machine may paint it late).
    const lowerEdgeOfGrid = async () => {
      await untilStill(page);
      const grid = (await block('Card Grid').boundingBox())!;
      return { x: grid.x + 20, y: grid.y + grid.height - 8 };
    };
    let target = await lowerEdgeOfGrid();
    await page.mouse.move(target.x, target.y, { steps: 10 });
    target = await lowerEdgeOfGrid();
    await page.mouse.move(target.x, target.y, { steps: 2 });
    await untilStill(page);
    await shot('dragging');
    await page.mouse.up();
    await expect.poll(topLevel).toEqual(['Rich Text Block', 'Card Grid', 'Hero Banner', 'Quote']);
    await page.setViewportSize({ width: 1440, height: 900 });

    await action('Quote', 'Move up');
    expect(await topLevel()).toEqual(['Rich Text Block', 'Card Grid', 'Quote', 'Hero Banner']);
    // The focus stays on the moved block's Actions button.
    const actions = zone().getByRole('button', { name: 'Actions for Quote' });
    await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);

    // From the keyboard: the Quote goes into the grid's second item.
    await zone().getByRole('button', { name: 'Actions for Quote' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move into container...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move into container' });
    await dialog.getByRole('button', { name: 'Card Grid, item 2' }).click();
    const secondItem = zone().getByRole('group', { name: 'Card Grid, item 2' });
    await block('Quote', secondItem).waitFor();
    expect(await topLevel()).toEqual(['Rich Text Block', 'Card Grid', 'Hero Banner']);
    await secondItem.scrollIntoViewIfNeeded();
    await shot('moved');
  });

  it("removes the first card; it waits, marked 'To be deleted', for the Save", async () => {
    const firstItem = zone().getByRole('group', { name: 'Card Grid, item 1' });
    await action('Card', 'Remove', firstItem);
    await firstItem.getByText('Drop widget here').waitFor();
    const removed = zone().getByRole('group', { name: 'Removed blocks (deleted on Save)' });
    expect(await removed.getByText('To be deleted').count()).toBe(1);
    await removed.scrollIntoViewIfNeeded();
    await shot('removed');
  });

  it('saves, and after a reload the zone is as it was left', async () => {
    await page
      .getByRole('toolbar', { name: 'Item commands' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('The content has been saved').waitFor();
    await page.getByText('The content block has been deleted').waitFor();
    expect(
      await zone().getByRole('group', { name: 'Removed blocks (deleted on Save)' }).count(),
    ).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    await block('Hero Banner').waitFor();
    expect(await topLevel()).toEqual(['Rich Text Block', 'Card Grid', 'Hero Banner']);
    expect(await titles()).toEqual([
      'Rich Text Block',
      'Card Grid',
      'Card',
      'Quote',
      'Hero Banner',
    ]);
    const firstItem = zone().getByRole('group', { name: 'Card Grid, item 1' });
    expect(await firstItem.getByRole('group').count()).toBe(0);
    const secondItem = zone().getByRole('group', { name: 'Card Grid, item 2' });
    expect(await block('Card', secondItem).getByLabel('Title').inputValue()).toBe('Support');
    const quote = block('Quote', secondItem);
    expect(await quote.getByRole('textbox', { name: 'Quote', exact: true }).inputValue()).toBe(
      'Ship small, ship often.',
    );
    expect(await quote.getByRole('textbox', { name: 'Attribution' }).inputValue()).toBe('The team');
    // Nothing is marked any more: every block is as saved.
    expect(await zone().getByText('New', { exact: true }).count()).toBe(0);
    await block('Card Grid').scrollIntoViewIfNeeded();
    await shot('reloaded');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot('reloaded-1024');
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
