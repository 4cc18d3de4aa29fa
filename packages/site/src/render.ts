/** Renders a page model to a complete HTML document (static markup: no client script). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document } from './components/document';
import { Placeholder } from './components/parts';
import { NotFoundPage } from './components/pages';
import { assemblePage, type BuildContext, type Dependencies, type PageSource } from './assemble';
import type { PageModel } from './model';
import type { Registry } from './registry';

export function renderPage(page: PageModel, registry: Registry): string {
  const Layout = registry.pageFor(page.layout);
  const body = Layout
    ? createElement(Layout, { page, registry })
    : createElement(Placeholder, { page, layout: page.layout, what: 'page' });
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(Document, { page, children: body }))}`;
}

/** The site's 404 page: its header, menu and footer around a not-found message. */
export function renderNotFound(page: PageModel, registry: Registry): string {
  const Layout = registry.pageFor('not-found') ?? NotFoundPage;
  return `<!DOCTYPE html>${renderToStaticMarkup(
    createElement(Document, { page, children: createElement(Layout, { page, registry }) }),
  )}`;
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
 */
export function renderBatch(
  context: BuildContext,
  pages: PageSource[],
  registry: Registry,
  digest?: (html: Uint8Array) => string,
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
  const html = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    html.set(part, offset);
    offset += part.length;
  }
  return hashes ? { html, ends, deps, hashes } : { html, ends, deps };
}
