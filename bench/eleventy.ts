/**
 * The same pages built by Eleventy: the page models the floor renders, given as global data and
 * paginated one page per file by a JavaScript template (`.11ty.js`) that writes the markup of the
 * bench's site components (the default theme's page shell around `BenchCard` widgets).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Eleventy from '@11ty/eleventy';
import {
  navigable,
  siteHref,
  text,
  type MenuEntry,
  type PageModel,
  type WidgetModel,
} from '@canopy/site';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
/** Escapes text and attribute values as React does. */
const esc = (value: string | null | undefined) =>
  (value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
const attr = (name: string, value: string | null | undefined) =>
  value == null ? '' : ` ${name}="${esc(value)}"`;
/** Rich text goes in as it is: Eleventy trusts its content (Canopy sanitises it). */
const rich = (html: string | null | undefined, className = 'cn-rich') =>
  html ? `<div class="${className}">${html}</div>` : '';

function link(page: PageModel, entry: MenuEntry, extra = ''): string {
  return `<a href="${esc(siteHref(page.site.basePath, entry.url))}"${extra}>${esc(entry.name)}</a>`;
}

function isCurrent(page: PageModel, entry: MenuEntry): boolean {
  if (entry.url === '/') return page.url === '/';
  return page.url === entry.url || page.url.startsWith(`${entry.url}/`);
}

/** The top of the menu: the home page's children when the home page is its only entry. */
const topEntries = (page: PageModel) =>
  navigable(
    page.menu.length === 1 && page.menu[0]!.url === '/' ? page.menu[0]!.children : page.menu,
  );

function menu(page: PageModel): string {
  const items = topEntries(page).map((entry) => {
    const shown = navigable(entry.children);
    const sub = shown.length > 0;
    const current = isCurrent(page, entry) ? ' aria-current="page"' : '';
    const children = sub
      ? `<ul class="cn-sub">${shown.map((child) => `<li>${link(page, child)}</li>`).join('')}</ul>`
      : '';
    return `<li${sub ? ' class="cn-has-sub"' : ''}>${link(page, entry, current)}${children}</li>`;
  });
  return `<nav class="cn-nav" aria-label="Main"><ul>${items.join('')}</ul></nav>`;
}

function breadcrumbs(page: PageModel): string {
  const trail: MenuEntry[] = [];
  const walk = (entries: MenuEntry[]): boolean => {
    for (const entry of entries) {
      trail.push(entry);
      if (entry.url === page.url || walk(entry.children)) return true;
      trail.pop();
    }
    return false;
  };
  if (!walk(page.menu) || trail.length < 2) return '';
  const crumbs = trail.map((entry, i) =>
    i === trail.length - 1
      ? `<span aria-current="page">${esc(entry.name)}</span>`
      : link(page, entry),
  );
  return `<nav class="cn-crumbs" aria-label="Breadcrumb">${crumbs.join('')}</nav>`;
}

/** The bench's widget ('widget' layout), as `BenchCard` in site-components.ts renders it. */
function card(widget: WidgetModel): string {
  const field = (name: string) => text(widget.fields, name);
  return (
    `<article class="cn-card"><div class="cn-card-body"><h3>${esc(field('Heading'))}</h3>` +
    `<p>${esc(field('Text'))}</p>` +
    `<a class="cn-card-link" href="${esc(field('Link') ?? '#')}">${esc(field('Caption'))}</a>` +
    `</div></article>`
  );
}

const zone = (widgets: WidgetModel[] | undefined) =>
  (widgets ?? []).map((widget) => (widget.layout === 'widget' ? card(widget) : '')).join('');

/** The default theme's standard page, for what the bench's pages hold (no hero, micro-apps or related page). */
function standardPage(page: PageModel): string {
  const title = text(page.fields, 'Title') ?? page.name;
  const summary = text(page.fields, 'Summary');
  const body = text(page.fields, 'Body');
  return (
    `<section class="cn-intro"><div class="cn-wrap">${breadcrumbs(page)}<h1>${esc(title)}</h1>` +
    `${summary ? `<p class="cn-lead">${esc(summary)}</p>` : ''}</div></section>` +
    (body
      ? `<section class="cn-section"><div class="cn-wrap cn-narrow">${rich(body)}</div></section>`
      : '') +
    zone(page.zones['Main Zone']) +
    Object.entries(page.zones)
      .filter(([name]) => name !== 'Main Zone')
      .map(([, widgets]) => zone(widgets))
      .join('')
  );
}

/** The page shell of the default theme's `Document`. */
export function eleventyPage(page: PageModel): string {
  const title = text(page.fields, 'Title') ?? page.name;
  const summary = text(page.fields, 'Summary');
  const theme = text(page.fields, 'Theme') ?? 'light';
  const home = siteHref(page.site.basePath, '/');
  const footerLinks = topEntries(page).map((entry) => `<li>${link(page, entry)}</li>`);
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    `<title>${esc(page.url === '/' ? page.site.name : `${title} | ${page.site.name}`)}</title>` +
    (summary ? `<meta name="description"${attr('content', summary)}/>` : '') +
    `<link rel="stylesheet" href="${esc(page.stylesheet)}"/></head>` +
    `<body class="cn-theme-${esc(theme)}"><header class="cn-header"><div class="cn-wrap cn-header-inner">` +
    `<a class="cn-brand" href="${esc(home)}"><span class="cn-logo" aria-hidden="true"></span>${esc(page.site.name)}</a>` +
    `${menu(page)}</div></header><main id="main">${standardPage(page)}</main>` +
    '<footer class="cn-footer"><div class="cn-wrap cn-footer-inner"><div>' +
    `<div class="cn-footer-brand">${esc(page.footer?.heading ?? page.site.name)}</div>` +
    `${rich(page.footer?.body, 'cn-footer-text')}</div>` +
    `<ul class="cn-footer-links">${footerLinks.join('')}</ul></div></footer></body></html>`
  );
}

const outputPath = (url: string) => `${url === '/' ? '' : url}/index.html`;

export interface EleventyRun {
  ms: number;
  /** Sampled pages whose file is byte for byte Canopy's HTML, and how many were sampled. */
  same: number;
  sampled: number;
}

/**
 * Builds the pages with Eleventy into a temporary folder, timed from `new Eleventy` to the end
 * of `write()`, then compares a sample of the files with Canopy's HTML for the same models.
 */
export async function buildWithEleventy(
  models: PageModel[],
  canopyHtml: (model: PageModel) => Promise<string>,
): Promise<EleventyRun> {
  const folder = await mkdtemp(join(tmpdir(), 'canopy-bench-eleventy-'));
  const input = join(folder, 'src');
  const output = join(folder, 'out');
  try {
    await mkdir(input);
    const started = performance.now();
    const eleventy = new Eleventy(input, output, {
      quietMode: true,
      config: (config) => {
        config.addGlobalData('pages', models);
        config.addTemplate('page.11ty.js', {
          data: {
            pagination: { data: 'pages', size: 1, alias: 'model' },
            permalink: (data: { model: PageModel }) => outputPath(data.model.url),
          },
          render: (data: { model: PageModel }) => eleventyPage(data.model),
        });
      },
    });
    await eleventy.write();
    const ms = performance.now() - started;

    const step = Math.max(1, Math.floor(models.length / 20));
    let same = 0;
    let sampled = 0;
    for (let i = 0; i < models.length; i += step) {
      const model = models[i]!;
      const written = await readFile(join(output, outputPath(model.url)), 'utf8');
      if (written === (await canopyHtml(model))) same++;
      sampled++;
    }
    return { ms, same, sampled };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
