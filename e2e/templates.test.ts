/**
 * The template editor in Chromium against a real server: a new template in the template folder,
 * a block with a field of every type and their properties, Save, reload and see it all, then
 * new content from it through Add Item; Delete with its confirmation. Screenshots go to
 * /tmp/canopy-templates/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { FIELD_TYPES, TEMPLATE_FOLDER_ID } from '@canopy/core';
import {
  ADMIN_PASSWORD,
  buildAdmin,
  expectNoPolicyViolations,
  launchChromium,
  startCanopy,
  type RunningCanopy,
} from './harness';

const SHOTS = '/tmp/canopy-templates';
const blockName = (type: string) => `${type} Block`;

describe('the template editor', { timeout: 180_000 }, () => {
  let server: RunningCanopy;
  let browser: Browser;
  let page: Page;
  let templateUrl = '';

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  const block = (type: string) => page.getByRole('group', { name: `Block ${blockName(type)}` });
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const choose = async (input: Locator, option: string) => {
    // Pill inputs re-measure as pills come and go; the click need not wait for them to settle.
    await input.scrollIntoViewIfNeeded();
    await input.click({ timeout: 5_000 }).catch(() => input.click({ force: true }));
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    buildAdmin();
    server = await startCanopy();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(20_000);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the template folder with its templates and New template', async () => {
    await page.goto(`${server.base}/admin/templates/${TEMPLATE_FOLDER_ID}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 2 }).waitFor();
    const children = page.getByRole('region', { name: 'Templates in this folder' });
    await children.getByRole('link', { name: 'Page', exact: true }).waitFor();
    expect(await children.getByRole('link', { name: 'Widget Templates' }).isVisible()).toBe(true);
    await shot('folder-1440');

    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByLabel('Template name').fill('Event Page');
    await choose(dialog.getByLabel('Template type'), 'Page');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Event Page', level: 2 }).waitFor();
    templateUrl = page.url();
    expect(new URL(templateUrl).pathname).toMatch(/^\/admin\/templates\/[0-9a-f-]{36}$/);
    await page.getByText('This template has no blocks yet', { exact: false }).waitFor();
  });

  it('adds a block with a field of every type and sets their properties', async () => {
    for (const type of FIELD_TYPES) {
      await page.getByLabel('New block name').fill(blockName(type));
      await choose(page.getByLabel("New block's field type", { exact: true }), type);
      await page.getByRole('button', { name: 'Add block' }).click();
      await block(type).waitFor();
    }
    // Every type is in the live preview (Dynamic Zone's editor lives in the item editor).
    const preview = page.getByRole('region', { name: 'Preview' });
    for (const type of FIELD_TYPES.filter((t) => t !== 'Dynamic Zone')) {
      expect(await preview.getByText(blockName(type), { exact: true }).count()).toBeGreaterThan(0);
    }

    // A regular expression is checked as it is typed, with the server's engine.
    const shortText = block('Short Text');
    const regex = shortText.getByLabel('Regular expression');
    await regex.fill('^(a');
    await shortText.getByText('Please enter a valid regular expression').waitFor();
    await regex.fill('(?<=x)y');
    await shortText.getByText('Please enter a valid regular expression').waitFor();
    await regex.fill('^[A-Z]');
    expect(await shortText.getByText('Please enter a valid regular expression').count()).toBe(0);
    await shortText.getByLabel('Validation message').fill('Start with a capital letter');
    await shortText.getByLabel('Tool tip').fill('The event headline');
    await shortText.getByLabel('Required', { exact: true }).check();
    await choose(shortText.getByLabel('Edit-in behaviour', { exact: true }), 'Page Properties Tab');

    const dropdown = block('Dropdown');
    const options = dropdown.getByLabel('Options');
    for (const option of ['red', 'green', 'blue']) {
      await options.fill(option);
      await options.press('Enter');
    }
    await choose(dropdown.getByLabel('Default value', { exact: true }), 'blue');

    await choose(block('Checkbox').getByLabel('Default value', { exact: true }), 'true');
    await block('Long Text').getByLabel('Default value').fill('Doors open at seven');

    const reference = block('Content Reference Picker');
    await reference.getByRole('button', { name: 'Select' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Item' });
    await picker.getByRole('option', { name: 'Home' }).click();
    await picker.getByRole('button', { name: 'OK' }).click();
    expect(await reference.getByLabel('Picker root item').inputValue()).toMatch(/^[0-9a-f-]{36}$/);

    const microapp = block('Micro-app Reference Picker');
    await microapp.getByLabel('Micro-app id').fill('newsletter');
    await microapp.getByLabel('Micro-app version').fill('1');
    await microapp.getByLabel('Connect to doc site', { exact: true }).check();

    // Reorder: the Rich Text block moves above Long Text.
    await page.getByRole('button', { name: `Move ${blockName('Rich Text')} up` }).click();
    await shot('editing-1440');

    await page.getByRole('button', { name: 'Save' }).click();
    await toast('The updated date and person have been updated').waitFor();
    await page.getByText('unsaved changes').waitFor({ state: 'detached' });
  });

  it('shows everything again after a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Event Page', level: 2 }).waitFor();
    const names = await page
      .getByRole('group', { name: /^Block / })
      .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label')));
    const expected = FIELD_TYPES.map((type) => `Block ${blockName(type)}`);
    expected.splice(1, 2, expected[2]!, expected[1]!);
    expect(names).toEqual(expected);

    const shortText = block('Short Text');
    await shortText
      .getByRole('button', { name: `Field ${blockName('Short Text')}`, exact: true })
      .click();
    expect(await shortText.getByLabel('Regular expression').inputValue()).toBe('^[A-Z]');
    expect(await shortText.getByLabel('Validation message').inputValue()).toBe(
      'Start with a capital letter',
    );
    expect(await shortText.getByLabel('Required', { exact: true }).isChecked()).toBe(true);
    expect(await shortText.getByLabel('Edit-in behaviour', { exact: true }).inputValue()).toBe(
      'Page Properties Tab',
    );

    const dropdown = block('Dropdown');
    await dropdown
      .getByRole('button', { name: `Field ${blockName('Dropdown')}`, exact: true })
      .click();
    expect(await dropdown.getByLabel('Default value', { exact: true }).inputValue()).toBe('blue');
    for (const option of ['red', 'green', 'blue']) {
      expect(await dropdown.getByText(option, { exact: true }).count()).toBeGreaterThan(0);
    }
    const microapp = block('Micro-app Reference Picker');
    await microapp
      .getByRole('button', {
        name: `Field ${blockName('Micro-app Reference Picker')}`,
        exact: true,
      })
      .click();
    expect(await microapp.getByLabel('Micro-app id').inputValue()).toBe('newsletter');
    expect(await microapp.getByLabel('Connect to doc site', { exact: true }).isChecked()).toBe(
      true,
    );
    await shot('reloaded-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot('reloaded-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('makes new content from the template through Add Item', async () => {
    const tree = page.getByRole('tree', { name: 'Content tree' });
    await tree.getByRole('treeitem', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('radio', { name: 'Event Page' }).check();
    await dialog.getByLabel('Item Name').fill('Launch Event');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Launch Event', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/content\//);
    // The item editor shows the template's fields: the Page properties tab, then Content.
    await page.getByLabel(blockName('Short Text'), { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByText(blockName('Long Text'), { exact: true }).first().waitFor();
    await page.getByText(blockName('Dropdown'), { exact: true }).first().waitFor();
    await shot('new-content-1440');
  });

  it('refuses to delete a template in use, and deletes one after its confirmation', async () => {
    await page.goto(templateUrl);
    await page.getByRole('heading', { name: 'Event Page', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Delete template' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete template' });
    await confirm.getByText('Are you sure you want to delete the template "Event Page"?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('is used by 1 content item', { exact: false }).first().waitFor();

    await page.goto(`${server.base}/admin/templates/${TEMPLATE_FOLDER_ID}`);
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByLabel('Template name').fill('Scratch');
    await choose(dialog.getByLabel('Template type'), 'Content Fragment');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Scratch', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Delete template' }).click();
    await page
      .getByRole('dialog', { name: 'Delete template' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast('The template has been deleted').waitFor();
    await page.waitForURL(`**/admin/templates/${TEMPLATE_FOLDER_ID}`);
    const children = page.getByRole('region', { name: 'Templates in this folder' });
    expect(await children.getByRole('link', { name: 'Scratch' }).count()).toBe(0);
  });
});

it('breaks no security policy in the browser', expectNoPolicyViolations);
