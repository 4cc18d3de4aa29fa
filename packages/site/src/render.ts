/** Renders a page model to a complete HTML document (static markup: no client script). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document } from './components/document';
import { Placeholder } from './components/parts';
import { NotFoundPage } from './components/pages';
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
