/** Renders a page model to a complete HTML document (static markup: no client script). */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Document,
  FooterInner,
  PreviewBar,
  HeaderInner,
  isCurrent,
  PageContent,
  topEntries,
  type Shell,
} from './components/document';
import { NotFoundPage } from './components/pages';
import { assemblePage, type BuildContext, type Dependencies, type PageSource } from './assemble';
import type { FragmentModel, MenuEntry, PageModel, PreviewInfo } from './model';
import type { Registry } from './registry';

export interface RenderOptions {
  /**
   * Renders the header and footer of every page anew instead of reusing the markup made for an
   * earlier page that shows the same (the same bytes, more work).
   */
  whole?: boolean;
}

export function renderPage(
  page: PageModel,
  registry: Registry,
  options: RenderOptions = {},
): string {
  return documentOf(page, createElement(PageContent, { page, registry }), options);
}

/** The site's 404 page: its header, menu and footer around a not-found message. */
export function renderNotFound(
  page: PageModel,
  registry: Registry,
  options: RenderOptions = {},
): string {
  const Layout = registry.pageFor('not-found') ?? NotFoundPage;
  return documentOf(page, createElement(Layout, { page, registry }), options);
}

/**
 * A page rendered without a preview bar, given one: the bar goes where `Document` puts it, first
 * in the body, so the result is the page rendered with `preview` set. Served preview builds show
 * the bar of the reader's visit on pages rendered once for everyone.
 */
export function withPreviewBar(html: string, preview: PreviewInfo): string {
  const body = html.indexOf('<body');
  const at = body < 0 ? -1 : html.indexOf('>', body) + 1;
  if (at <= 0) throw new Error('A page without a body cannot show the preview bar');
  const bar = renderToStaticMarkup(createElement(PreviewBar, { preview }));
  return `${html.slice(0, at)}${bar}${html.slice(at)}`;
}

function documentOf(page: PageModel, children: ReactNode, options: RenderOptions): string {
  const shell = options.whole ? undefined : shellOf(page);
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(Document, { page, children, shell }))}`;
}

interface ShellMarkup {
  /** By which top-level entries hold the page. */
  headers: Map<string, string>;
  footers: Map<FragmentModel | null, string>;
}

/**
 * Header and footer markup by what they show: the menu (every page of a build shares one), then
 * the base path and site name, then which top-level entries hold the page (the header) or the
 * Footer fragment (the footer). A site's header and footer are the same on most of its pages
 * and often the larger part of each, so they are rendered once per distinct case. Rendered on
 * their own, they must hold nothing React would move into the document's head (an `<img>`
 * element adds a preload link there): the comparison with whole renders in the tests says so.
 */
const shells = new WeakMap<MenuEntry[], Map<string, ShellMarkup>>();

function shellOf(page: PageModel): Shell {
  let bySite = shells.get(page.menu);
  if (!bySite) shells.set(page.menu, (bySite = new Map()));
  const siteKey = `${page.site.basePath}\u0000${page.site.name}`;
  let markup = bySite.get(siteKey);
  if (!markup) bySite.set(siteKey, (markup = { headers: new Map(), footers: new Map() }));
  let current = '';
  topEntries(page.menu).forEach((entry, i) => {
    if (isCurrent(page, entry)) current += `${i},`;
  });
  let header = markup.headers.get(current);
  if (header === undefined) {
    header = renderToStaticMarkup(createElement(HeaderInner, { page }));
    markup.headers.set(current, header);
  }
  let footer = markup.footers.get(page.footer);
  if (footer === undefined) {
    footer = renderToStaticMarkup(createElement(FooterInner, { page }));
    markup.footers.set(page.footer, footer);
  }
  return { header, footer };
}

/** Pages rendered by a build worker: their HTML as UTF-8, end to end, and what each read. */
export interface RenderedBatch {
  html: Uint8Array;
  /** Where each page's HTML ends in `html`, in the order given. */
  ends: number[];
  deps: Dependencies[];
  /** Each page's `digest`, when one was given. */
  hashes?: string[];
}

/**
 * Assembles and renders pages of one target; the HTML comes back as one buffer to copy once,
 * with each page's digest when `digest` is given (the thread that renders also names the bytes).
 * The HTML is written at the start of `output` when it fits there (a buffer handed back for
 * reuse), else into a new buffer of its own.
 */
export function renderBatch(
  context: BuildContext,
  pages: PageSource[],
  registry: Registry,
  digest?: (html: Uint8Array) => string,
  output?: ArrayBuffer,
): RenderedBatch {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const ends: number[] = [];
  const deps: Dependencies[] = [];
  let hashes: string[] | undefined;
  let length = 0;
  for (const page of pages) {
    const assembled = assemblePage(context, page);
    const bytes = encoder.encode(renderPage(assembled.model, registry));
    parts.push(bytes);
    if (digest) (hashes ??= []).push(digest(bytes));
    length += bytes.length;
    ends.push(length);
    deps.push(assembled.deps);
  }
  const html =
    output && output.byteLength >= length
      ? new Uint8Array(output, 0, length)
      : new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    html.set(part, offset);
    offset += part.length;
  }
  return hashes ? { html, ends, deps, hashes } : { html, ends, deps };
}
