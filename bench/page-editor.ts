/**
 * The page editor in Chromium, on a page of 250 blocks: the gzipped JavaScript it loads, the time
 * from turning on 'Edit In-Page' to the framed, interactive page against a bare page that frames
 * 250 blocks in plain DOM, and a keystroke in a block's field to that block re-rendered by the
 * site's own component against the same keystroke echoed by a bare page. The built editor
 * (packages/page-editor/dist) is served here with synthetic answers to its calls, in gateway mode
 * (no sign-in), so the figures are the browser's alone.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { BLANK_FIELD_DEFINITION } from '@canopy/core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness';
import { EMPTY_PAGE, FRAME_MS, keystroke, median, ms, ratioRow } from './admin';
import { serveApp } from './lib/app-server';
import { step, type Row } from './lib/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'packages/page-editor/dist');
const BLOCKS = 250;
/** The goal for the editor's JavaScript, gzipped. */
const EDITOR_JS_GOAL = 300 * 1024;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CONTENT = id(1);
const SITE = id(2);
const PAGE_TEMPLATE = id(3);
const QUOTE = id(4);
const TITLE_FIELD = id(5);
const ZONE_FIELD = id(6);
const QUOTE_FIELD = id(7);
const REGION = id(8);
const ZONE_ROW = id(9);

const definition = (blockId: string, name: string, type: string, extra = {}) => ({
  [name]: {
    ...BLANK_FIELD_DEFINITION,
    field_id: blockId,
    block_id: blockId,
    field_type: type,
    field_name: name,
    edit_in_behavior: 'Page Properties Tab',
    ...extra,
  },
});
const template = (templateId: string, name: string, layout: string, blocks: object[]) => ({
  template_id: templateId,
  template_name: name,
  template_type_id: layout === 'page' ? 'page-template' : 'widget-template',
  parent_id: null,
  template_order: 1,
  file_layout: layout,
  widget_type: layout === 'page' ? null : 'Block Widget',
  custom_icon_class: null,
  container_item_child_reference: null,
  widget_template_data: null,
  childLevelsNeeded: 0,
  allowed_content_type: '',
  allowed_template_type: '',
  updated_date: '2026-01-01T00:00:00.000Z',
  updated_by: null,
  template_blocks: Object.fromEntries(
    blocks.map((fields, order) => {
      const blockId = Object.values(fields)[0].block_id as string;
      return [
        blockId,
        {
          block_id: blockId,
          template_id: templateId,
          block_name: Object.keys(fields)[0],
          block_order: order + 1,
          template_fields: fields,
        },
      ];
    }),
  ),
});

/** The answers to the page editor's calls for a page of `BLOCKS` quotes. */
function answers(): Record<string, string> {
  const blockIds = Array.from({ length: BLOCKS }, (_, n) => id(1000 + n));
  const content = {
    content_id: CONTENT,
    content_name: 'Bench page',
    content_type_id: 'page',
    template_id: PAGE_TEMPLATE,
    parent_id: null,
    parent_version: null,
    content_order: 1,
    publish_date: '1970-01-01 12:00',
    unpublish_date: '1970-01-01 12:00',
    version: 1,
    status_id: 'draft',
    is_active: 1,
    is_locked: 1,
    locked_by: 'bench',
    locked_by_name: 'Bench',
    copied_from: null,
    site_id: SITE,
    updated_date: '2026-01-01T00:00:00.000Z',
    updated_by: 'bench',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    media_library_directory: null,
    page_url: '/bench',
    content_ref: null,
    versions: [
      {
        version: 1,
        status_id: 'draft',
        copied_from: null,
        updated_date: '',
        updated_by: null,
        updated_by_name: null,
      },
    ],
    content_fields: {
      [TITLE_FIELD]: {
        field_id: id(10),
        content_id: CONTENT,
        template_block_id: TITLE_FIELD,
        version: 1,
        field_value: 'Bench page',
        content_ref: null,
        referenced_data_collection: null,
        dynamic_content_regions: {},
      },
      [ZONE_FIELD]: {
        field_id: ZONE_ROW,
        content_id: CONTENT,
        template_block_id: ZONE_FIELD,
        version: 1,
        field_value: null,
        content_ref: null,
        referenced_data_collection: null,
        dynamic_content_regions: {
          [REGION]: {
            region_id: REGION,
            field_id: ZONE_ROW,
            version: 1,
            region_value: {
              id: REGION,
              type: 'dynamicZone',
              blocks: blockIds.map((b) => ({ id: b })),
            },
            content_blocks: Object.fromEntries(
              blockIds.map((blockId, n) => [
                blockId,
                {
                  block_id: blockId,
                  region_id: REGION,
                  template_id: QUOTE,
                  version: 1,
                  content_block_order: 1,
                  file_layout: null,
                  content_blocks_fields: {
                    [QUOTE_FIELD]: {
                      field_id: id(5000 + n),
                      block_id: blockId,
                      template_block_id: QUOTE_FIELD,
                      field_value: `Quote number ${n}`,
                      version: 1,
                    },
                  },
                },
              ]),
            ),
          },
        },
      },
    },
  };
  const pageTemplate = template(PAGE_TEMPLATE, 'Page', 'page', [
    definition(TITLE_FIELD, 'Title', 'Short Text'),
    definition(ZONE_FIELD, 'Main Zone', 'Dynamic Zone', { allowed_widgets: QUOTE }),
  ]);
  const quote = template(QUOTE, 'Quote', 'quote', [
    definition(QUOTE_FIELD, 'Quote', 'Short Text', { edit_in_behavior: 'Selected Tab' }),
  ]);
  const site = {
    site: { id: SITE, name: 'Bench site' },
    mode: 'preview',
    menu: [{ name: 'Bench page', url: '/bench', children: [] }],
    menuStamp: '-',
    footer: null,
    footerStamp: '-',
    templates: {
      [PAGE_TEMPLATE]: { name: 'Page', layout: 'page', stamp: '-' },
      [QUOTE]: { name: 'Quote', layout: 'quote', stamp: '-' },
    },
    fields: {
      [TITLE_FIELD]: { name: 'Title', type: 'Short Text' },
      [ZONE_FIELD]: { name: 'Main Zone', type: 'Dynamic Zone' },
      [QUOTE_FIELD]: { name: 'Quote', type: 'Short Text' },
    },
    links: {},
    microapps: {},
  };
  return {
    '/api/identity/config': JSON.stringify({
      mode: 'gateway',
      authority: null,
      client_id: null,
      scope: '',
    }),
    '/api/identity/personinfo': JSON.stringify({ name: 'Bench', preferred_username: 'bench' }),
    [`/api/contents/${CONTENT}`]: JSON.stringify(content),
    [`/api/pageeditor/${CONTENT}`]: JSON.stringify({
      content_id: CONTENT,
      site_id: SITE,
      base_path: '/preview',
      stylesheet: '/preview/_canopy/site.css',
      site,
    }),
    [`/api/templates/${PAGE_TEMPLATE}`]: JSON.stringify(pageTemplate),
    [`/api/templates/${PAGE_TEMPLATE}/widgetreferences`]: JSON.stringify([quote]),
    [`/api/templates/${QUOTE}`]: JSON.stringify(quote),
  };
}

/** A bare page that frames 250 blocks in plain DOM when its checkbox is turned on. */
const BARE_FRAMES = `<!doctype html><title>Bare</title><label><input type="checkbox" id="on"> Frames</label><main id="out"></main>
<script>document.getElementById('on').addEventListener('change', () => {
  const out = document.getElementById('out');
  for (let n = 0; n < ${BLOCKS}; n++) {
    const set = document.createElement('fieldset'); set.dataset.block = String(n);
    const legend = document.createElement('legend'); legend.textContent = 'Quote';
    const p = document.createElement('p'); p.textContent = 'Quote number ' + n;
    set.append(legend, p); out.append(set);
  }
});</script>`;

/** Serves the built page editor, the bare pages, and the calls the editor makes. */
function serve() {
  const api = answers();
  return serveApp({
    dist: DIST,
    assetsPrefix: '/admin/page-editor/assets/',
    fixed: {
      '/empty': { type: 'text/html', body: EMPTY_PAGE },
      '/bare': { type: 'text/html', body: BARE_FRAMES },
      '*/_canopy/site.css': { type: 'text/css', body: '' },
    },
    api: Object.fromEntries(Object.entries(api).map(([path, answer]) => [path, () => answer])),
  });
}

/** Milliseconds from a click on `control` to the first frame in which `ready` holds. */
async function clickTime(page: Page, control: ReturnType<Page['locator']>, ready: string) {
  await page.evaluate(() => {
    window.addEventListener(
      'pointerdown',
      (event) => ((window as unknown as { clickAt: number }).clickAt = event.timeStamp),
      { once: true, capture: true },
    );
  });
  await control.click();
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 });
  return page.evaluate(
    () => performance.now() - (window as unknown as { clickAt: number }).clickAt,
  );
}

/**
 * What opening the editor loads: the scripts and module preloads its page names. Chunks loaded
 * on demand (the Rich Text editor, when a Rich Text field first shows) are not part of it.
 */
async function editorJavaScript(): Promise<number> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/(?:src|href)="[^"]*\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  let total = 0;
  for (const name of loaded)
    total += gzipSync(await readFile(join(DIST, 'assets', name)), { level: 9 }).length;
  return total;
}

export async function benchPageEditor(runs = 5): Promise<Row[]> {
  execFileSync(process.execPath, [join(ROOT, 'packages/admin/scripts/build.mjs')], {
    stdio: 'inherit',
  });
  const { origin, server } = await serve();
  const browser: Browser = await launchChromium();
  const rows: Row[] = [];
  try {
    const bytes = await editorJavaScript();
    step(`page editor JavaScript: ${(bytes / 1024).toFixed(0)} KB gzipped`);
    rows.push({
      name: 'Page editor JavaScript (gzip -9)',
      measured: `${(bytes / 1024).toFixed(0)} KB`,
      target: `< ${EDITOR_JS_GOAL / 1024} KB`,
      ratio: `${(bytes / EDITOR_JS_GOAL).toFixed(2)}x target`,
      vsBare: '-',
      verdict: bytes < EDITOR_JS_GOAL ? 'PASS' : 'MISS',
    });

    // Edit In-Page to an interactive, framed page of 250 blocks, against the bare frames.
    const bare: number[] = [];
    const editor: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${origin}/bare`);
      bare.push(
        await clickTime(
          page,
          page.locator('#on'),
          `document.querySelectorAll('[data-block]').length === ${BLOCKS}`,
        ),
      );
      await page.goto(`${origin}/admin/page-editor/${CONTENT}`);
      const toggle = page.getByRole('switch', { name: 'Edit In-Page' });
      await toggle.waitFor({ timeout: 60_000 });
      editor.push(
        await clickTime(
          page,
          toggle,
          `document.querySelectorAll('[data-canopy-block]').length === ${BLOCKS} && document.querySelectorAll('.canopy-inline').length >= ${BLOCKS}`,
        ),
      );
      await context.close();
    }
    step(`Edit In-Page on ${BLOCKS} blocks ${ms(median(editor))}, bare frames ${ms(median(bare))}`);
    rows.push(
      ratioRow(`Page editor: Edit In-Page to the framed page, ${BLOCKS} blocks`, median(editor), {
        ms: median(bare),
        label: 'bare frames',
      }),
    );

    // A keystroke in the selected block's field to the block re-rendered by its component.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/empty`);
    const echo: number[] = [];
    for (let run = 0; run < runs; run++)
      echo.push(
        await keystroke(
          page,
          'input',
          `ab${run}`,
          `document.getElementById('out').textContent === 'ab${run}'`,
        ),
      );
    await page.goto(`${origin}/admin/page-editor/${CONTENT}`);
    await page.getByRole('switch', { name: 'Edit In-Page' }).check();
    const first = id(1000);
    await page.locator(`[data-canopy-block="${first}"]`).click({ position: { x: 4, y: 20 } });
    const field = page
      .getByRole('complementary', { name: 'Edit panel' })
      .getByRole('textbox', { name: 'Quote' });
    await field.waitFor();
    const typed: number[] = [];
    for (let run = 0; run < runs; run++) {
      const text = `Quote number 0 ${'x'.repeat(run + 1)}`;
      await field.fill(text.slice(0, -1));
      await page.waitForTimeout(200);
      await page.evaluate(() =>
        window.addEventListener(
          'keydown',
          (event) => ((window as unknown as { keyAt: number }).keyAt = event.timeStamp),
          { once: true, capture: true },
        ),
      );
      await field.press(text.slice(-1));
      await page.waitForFunction(
        `document.querySelector('[data-canopy-block="${first}"] [data-canopy-field="Quote"]')?.textContent === ${JSON.stringify(text)}`,
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      typed.push(
        await page.evaluate(
          () => performance.now() - (window as unknown as { keyAt: number }).keyAt,
        ),
      );
    }
    await context.close();
    step(`keystroke to the re-rendered block ${ms(median(typed))}, bare echo ${ms(median(echo))}`);
    rows.push(
      ratioRow(
        `Page editor: keystroke to the re-rendered block, ${BLOCKS} blocks`,
        median(typed),
        { ms: median(echo), label: 'the bare echo' },
        2 * FRAME_MS + median(echo),
      ),
    );
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}
