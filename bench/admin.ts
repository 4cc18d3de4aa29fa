/**
 * The admin panel in Chromium: first load to an interactive tree of 10,000 items against an
 * empty page loaded the same way, and a filter keystroke to its result on 100,000 items against
 * the same keystroke echoed by a bare page. The built panel (packages/admin/dist) is served by a
 * small server here that answers the panel's calls with a synthetic menu, in gateway mode (no
 * sign-in), so the figures are the browser's alone; the server's menus have their own rows.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import type { MenuItem } from '@canopy/core';
import { launchChromium } from '../e2e/harness';
import { serveApp } from './lib/app-server';
import { step, type Row } from './lib/report';

const ADMIN = fileURLToPath(new URL('../packages/admin', import.meta.url));
const DIST = join(ADMIN, 'dist');
const WORDS = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor'];
/** The goals: within a frame or two for the filter; the load has no fixed goal (a ratio). */
export const FRAME_MS = 1000 / 60;

/** A menu of `count` items: ten roots, ten children each, level by level. */
export function syntheticMenu(count: number): MenuItem[] {
  const items: MenuItem[] = [];
  for (let at = 0; at < count; at++) {
    const parent = at < 10 ? undefined : items[Math.floor((at - 10) / 10)];
    const item: MenuItem = {
      content_id: `00000000-0000-4000-8000-${String(at).padStart(12, '0')}`,
      content_name: `${WORDS[at % 8]} ${WORDS[(at >> 3) % 8]} ${at}`,
      content_order: (at % 10) + 1,
      content_type_id: 'page',
      template_type_id: 'page-template',
      template_id: null,
      item_type: 'content',
      is_active: 1,
      is_locked: 0,
      locked_by: null,
      lvl: parent ? parent.lvl + 1 : 1,
      parent_id: parent?.content_id ?? null,
      path: parent ? `${parent.path}/${String((at % 10) + 1).padStart(2, '0')}` : '01',
      custom_icon: null,
      media_url: null,
      page_url: null,
      allowed_content_type: '',
      allowed_template_type: '',
      permissions: ['Edit', 'Create', 'Delete', 'Read'],
      children: [],
    };
    parent?.children.push(item);
    items.push(item);
  }
  return items.filter((item) => !item.parent_id);
}

export const EMPTY_PAGE = `<!doctype html><title>Empty</title><input aria-label="Echo"><div id="out"></div>
<script>const out = document.getElementById('out');
document.querySelector('input').addEventListener('input', (e) => { out.textContent = e.target.value; });</script>`;

/** Serves the built admin, an empty page, and the calls the panel makes with `menu()`. */
function serve(menu: () => string) {
  return serveApp({
    dist: DIST,
    assetsPrefix: '/admin/assets/',
    fixed: { '/empty': { type: 'text/html', body: EMPTY_PAGE } },
    api: {
      '/api/identity/config': () =>
        JSON.stringify({ mode: 'gateway', authority: null, client_id: null, scope: '' }),
      '/api/identity/personinfo': () =>
        JSON.stringify({ name: 'Bench', preferred_username: 'bench', is_admin: 1 }),
      '/api/contents/sites': () => '[]',
      '/api/menus': menu,
    },
    streams: ['/api/events'],
  });
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Milliseconds from navigation start to the first frame in which `ready` holds, in a fresh context. */
async function loadTime(browser: Browser, url: string, ready: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 180_000 });
  const time = await page.evaluate(() => performance.now());
  await context.close();
  return time;
}

/**
 * Types the last character of `text` into `input` (the rest typed first) and returns the time from
 * its keydown to the first animation frame in which `done` holds.
 */
export async function keystroke(
  page: Page,
  input: string,
  text: string,
  done: string,
): Promise<number> {
  const box = page.locator(input);
  await box.fill(text.slice(0, -1));
  await page.waitForTimeout(300);
  await page.evaluate((selector) => {
    const target = document.querySelector(selector)!;
    target.addEventListener(
      'keydown',
      (event) => ((window as unknown as { keyAt: number }).keyAt = event.timeStamp),
      { once: true },
    );
  }, input);
  await box.press(text.slice(-1));
  await page.waitForFunction(done, undefined, { polling: 'raf', timeout: 180_000 });
  return page.evaluate(() => performance.now() - (window as unknown as { keyAt: number }).keyAt);
}

export const ratioRow = (
  name: string,
  measured: number,
  base: { ms: number; label: string },
  goal?: number,
): Row => ({
  name,
  measured: ms(measured),
  target: goal === undefined ? '-' : `< ${ms(goal)} (two frames over the bare echo)`,
  ratio: goal === undefined ? '-' : `${(measured / goal).toFixed(2)}x target`,
  vsBare: `${(measured / base.ms).toFixed(2)}x ${base.label}`,
  verdict: goal === undefined ? 'INFO' : measured < goal ? 'PASS' : 'MISS',
});

export async function benchAdminPanel(runs = 5): Promise<Row[]> {
  execFileSync(process.execPath, [join(ADMIN, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  let menu = JSON.stringify(syntheticMenu(10_000));
  const { origin, server } = await serve(() => menu);
  const browser = await launchChromium();
  const rows: Row[] = [];
  try {
    // First load: the empty page vs the admin with its tree of 10,000 items shown.
    const empty: number[] = [];
    const admin: number[] = [];
    for (let run = 0; run < runs; run++) {
      empty.push(await loadTime(browser, `${origin}/empty`, "document.querySelector('input')"));
      admin.push(
        await loadTime(browser, `${origin}/admin/`, "document.querySelector('[role=treeitem]')"),
      );
    }
    step(
      `empty page ${ms(median(empty))}, admin with 10,000 items ${ms(median(admin))} (medians of ${runs})`,
    );
    rows.push(
      ratioRow('Admin first load to the tree, 10,000 items', median(admin), {
        ms: median(empty),
        label: 'the empty page',
      }),
    );

    // The filter on 100,000 items: the keystroke that turns it on (3rd character) and one more.
    menu = JSON.stringify(syntheticMenu(100_000));
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bare: number[] = [];
    await page.goto(`${origin}/empty`);
    for (let run = 0; run < runs; run++) {
      bare.push(
        await keystroke(
          page,
          'input',
          `ab${run}`,
          `document.getElementById('out').textContent === 'ab${run}'`,
        ),
      );
    }
    await page.goto(`${origin}/admin/`);
    await page.waitForSelector('[role=treeitem]', { timeout: 180_000 });
    const filter = "input[placeholder='Filter Items']";
    const cases = [
      { label: "3rd character 'emb' (23,434 matches)", text: 'emb', first: 'ember' },
      { label: "4th character '1234' (20 matches)", text: '1234', first: '1234' },
    ];
    for (const { label, text, first } of cases) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        await page.locator(filter).fill('');
        await page.waitForFunction("document.querySelectorAll('[role=treeitem]').length === 10");
        times.push(
          await keystroke(
            page,
            filter,
            text,
            `[...document.querySelectorAll('[role=treeitem]')].every((row) => row.textContent.toLowerCase().includes('${first}'))`,
          ),
        );
      }
      step(`filter ${label}: ${ms(median(times))} (bare page echo ${ms(median(bare))})`);
      rows.push(
        ratioRow(
          `Admin filter on 100,000 items, ${label}`,
          median(times),
          { ms: median(bare), label: 'the bare echo' },
          2 * FRAME_MS + median(bare),
        ),
      );
    }
    await page.close();
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  return rows;
}
