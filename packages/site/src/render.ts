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
  return documentMarkup(page, children, options.whole ? undefined : shellOf(page));
}

/** The page's document around `children`, its header and footer the shell's when given. */
function documentMarkup(page: PageModel, children: ReactNode, shell: Shell | undefined): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(Document, { page, children, shell }))}`;
}

/** A header or footer as markup, and as the UTF-8 bytes a build copies into each page showing it. */
interface ShellPiece {
  markup: string;
  /** Encoded on a build's first use. */
  bytes?: Uint8Array;
}

interface ShellMarkup {
  /** By which top-level entries hold the page. */
  headers: Map<string, ShellPiece>;
  footers: Map<FragmentModel | null, ShellPiece>;
}

const encoder = new TextEncoder();
const piece = (markup: string): ShellPiece => ({ markup });
const bytesOf = (shell: ShellPiece): Uint8Array => (shell.bytes ??= encoder.encode(shell.markup));

/**
 * Header and footer markup by what they show: the menu (every page of a build shares one), then
 * the base path and site name, then which top-level entries hold the page (the header) or the
 * Footer fragment (the footer). A site's header and footer are the same on most of its pages
 * and often the larger part of each, so they are rendered (and encoded) once per distinct case.
 * Rendered on their own, they must hold nothing React would move into the document's head (an
 * `<img>` element adds a preload link there): the comparison with whole renders in the tests
 * says so.
 */
const shells = new WeakMap<MenuEntry[], Map<string, ShellMarkup>>();

function shellPieces(page: PageModel): { header: ShellPiece; footer: ShellPiece } {
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
    header = piece(renderToStaticMarkup(createElement(HeaderInner, { page })));
    markup.headers.set(current, header);
  }
  let footer = markup.footers.get(page.footer);
  if (footer === undefined) {
    footer = piece(renderToStaticMarkup(createElement(FooterInner, { page })));
    markup.footers.set(page.footer, footer);
  }
  return { header, footer };
}

function shellOf(page: PageModel): Shell {
  const { header, footer } = shellPieces(page);
  return { header: header.markup, footer: footer.markup };
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

/** A header and footer left empty, for a build to fill with the bytes encoded once. */
const EMPTY_SHELL: Shell = { header: '', footer: '' };
const HEADER_OPEN = '<header class="cn-header">';
const FOOTER_OPEN = '<footer class="cn-footer">';

/** UTF-8 bytes written end to end into one buffer, grown (copied) when it runs out of room. */
class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initial: ArrayBuffer) {
    this.bytes = new Uint8Array(initial);
  }

  private room(needed: number): void {
    if (this.length + needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + needed));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** `text` from `start` to `end`, encoded in place; grown when the rest does not fit. */
  text(text: string, start: number, end: number): void {
    for (let at = start; ;) {
      const { read, written } = encoder.encodeInto(
        text.slice(at, end),
        this.bytes.subarray(this.length),
      );
      this.length += written;
      at += read;
      if (at >= end) return;
      this.room((end - at) * 3); // at most three bytes per UTF-16 unit
    }
  }

  raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }
}

/**
 * A page's document written as UTF-8: rendered with an empty header and footer, whose bytes,
 * encoded once for every page that shows the same, are copied in. The header is the first
 * `<header class="cn-header">` (only the document's head and the preview bar come before it,
 * their text escaped) and the footer the last `<footer class="cn-footer">` (only the page's
 * module scripts come after it), so elements of the same shape in the page's own part (a site's
 * own widget may have them) are never taken for them. Byte for byte the page rendered whole
 * (the tests compare them); only the page's own part is encoded.
 */
function writePage(out: ByteWriter, page: PageModel, registry: Registry): void {
  const { header, footer } = shellPieces(page);
  const html = documentMarkup(page, createElement(PageContent, { page, registry }), EMPTY_SHELL);
  const headerTag = html.indexOf(HEADER_OPEN);
  const footerTag = html.lastIndexOf(FOOTER_OPEN);
  if (headerTag < 0 || footerTag < headerTag)
    throw new Error(`The page ${page.url} was rendered without its header or footer`);
  const headerAt = headerTag + HEADER_OPEN.length;
  const footerAt = footerTag + FOOTER_OPEN.length;
  out.text(html, 0, headerAt);
  out.raw(bytesOf(header));
  out.text(html, headerAt, footerAt);
  out.raw(bytesOf(footer));
  out.text(html, footerAt, html.length);
}

/** Room for a batch's first pages when no buffer is handed back: the pages grow it as needed. */
const PAGE_BYTES = 16 * 1024;

/**
 * Assembles and renders pages of one target; the HTML comes back as one buffer, each page
 * written into it as it is rendered, with each page's digest when `digest` is given (the thread
 * that renders also names the bytes). The HTML is written from the start of `output` (a buffer
 * handed back for reuse), or of a new buffer; when it runs out of room, what was written moves
 * to a buffer twice as large and the batch goes on there.
 */
export function renderBatch(
  context: BuildContext,
  pages: PageSource[],
  registry: Registry,
  digest?: (html: Uint8Array) => string,
  output?: ArrayBuffer,
): RenderedBatch {
  const out = new ByteWriter(output ?? new ArrayBuffer(pages.length * PAGE_BYTES));
  const ends: number[] = [];
  const deps: Dependencies[] = [];
  let hashes: string[] | undefined;
  for (const page of pages) {
    const assembled = assemblePage(context, page);
    const start = out.length;
    writePage(out, assembled.model, registry);
    if (digest) (hashes ??= []).push(digest(out.bytes.subarray(start, out.length)));
    ends.push(out.length);
    deps.push(assembled.deps);
  }
  const html = out.bytes.subarray(0, out.length);
  return hashes ? { html, ends, deps, hashes } : { html, ends, deps };
}
