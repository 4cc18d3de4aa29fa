/** The page shell every layout sits in: head, preview bar, header with the site menu, footer. */
import type { ReactNode } from 'react';
import {
  menuTrail,
  microappModules,
  navigable,
  siteHref,
  type MenuEntry,
  type PageModel,
  type PreviewInfo,
} from '../model';
import type { Registry } from '../registry';
import { MicroappScripts } from './microapps';
import { Placeholder, RichText, text } from './parts';

export function isCurrent(page: PageModel, entry: MenuEntry): boolean {
  if (entry.url === '/') return page.url === '/';
  return page.url === entry.url || page.url.startsWith(`${entry.url}/`);
}

/** The entries of the header's menu: Home's children when Home is the menu's only top entry. */
export function topEntries(menu: MenuEntry[]): MenuEntry[] {
  const home = menu.length === 1 && menu[0]!.url === '/' ? menu[0]! : null;
  return navigable(home ? home.children : menu);
}

function Menu({ page }: { page: PageModel }) {
  const top = topEntries(page.menu);
  return (
    <nav className="cn-nav" aria-label="Main">
      <ul>
        {top.map((entry) => {
          const children = navigable(entry.children);
          return (
            <li key={entry.url} className={children.length > 0 ? 'cn-has-sub' : undefined}>
              <a
                href={siteHref(page.site.basePath, entry.url)}
                aria-current={isCurrent(page, entry) ? 'page' : undefined}
              >
                {entry.name}
              </a>
              {children.length > 0 && (
                <ul className="cn-sub">
                  {children.map((child) => (
                    <li key={child.url}>
                      <a href={siteHref(page.site.basePath, child.url)}>{child.name}</a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Breadcrumbs({ page }: { page: PageModel }) {
  const trail = menuTrail(page.menu, page.url);
  if (trail.length < 2) return null;
  return (
    <nav className="cn-crumbs" aria-label="Breadcrumb">
      {trail.map((entry, i) =>
        i === trail.length - 1 ? (
          <span key={entry.url} aria-current="page">
            {entry.name}
          </span>
        ) : (
          <a key={entry.url} href={siteHref(page.site.basePath, entry.url)}>
            {entry.name}
          </a>
        ),
      )}
    </nav>
  );
}

/** The inside of the page header: the site's name and its menu. */
export function HeaderInner({ page }: { page: PageModel }) {
  return (
    <div className="cn-wrap cn-header-inner">
      <a className="cn-brand" href={siteHref(page.site.basePath, '/')}>
        <span className="cn-logo" aria-hidden="true" />
        {page.site.name}
      </a>
      <Menu page={page} />
    </div>
  );
}

/** The inside of the page footer: the Footer fragment and the top of the menu. */
export function FooterInner({ page }: { page: PageModel }) {
  return (
    <div className="cn-wrap cn-footer-inner">
      <div>
        <div className="cn-footer-brand">{page.footer?.heading ?? page.site.name}</div>
        <RichText html={page.footer?.body ?? null} className="cn-footer-text" />
      </div>
      <ul className="cn-footer-links">
        {navigable(page.menu[0]?.url === '/' ? page.menu[0].children : page.menu).map((entry) => (
          <li key={entry.url}>
            <a href={siteHref(page.site.basePath, entry.url)}>{entry.name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What an editor previewing sees first: what the page shows and how to leave preview. */
export function PreviewBar({ preview }: { preview: PreviewInfo }) {
  return (
    <div className="cn-preview-bar" role="status">
      <span>
        <strong>Preview</strong> {preview.label}
      </span>
      {preview.editUrl && <a href={preview.editUrl}>Edit this page</a>}
      <a href={preview.exitUrl}>Exit preview</a>
    </div>
  );
}

/** The header's and footer's markup, made once and reused for every page that shows the same. */
export interface Shell {
  header: string;
  footer: string;
}

/** The page's own part: its template's layout, or a placeholder when none is registered. */
export function PageContent({ page, registry }: { page: PageModel; registry: Registry }) {
  const Layout = registry.pageFor(page.layout);
  return Layout ? (
    <Layout page={page} registry={registry} />
  ) : (
    <Placeholder page={page} layout={page.layout} what="page" />
  );
}

/** What a page's `<body>` holds: preview bar, header, the layout, footer and micro-app modules. */
export function PageBody({
  page,
  children,
  shell,
}: {
  page: PageModel;
  children: ReactNode;
  /** Given: the header and footer as markup made before; else they are rendered here. */
  shell?: Shell;
}) {
  return (
    <>
      {page.preview && <PreviewBar preview={page.preview} />}
      {shell ? (
        <header className="cn-header" dangerouslySetInnerHTML={{ __html: shell.header }} />
      ) : (
        <header className="cn-header">
          <HeaderInner page={page} />
        </header>
      )}
      <main id="main">{children}</main>
      {shell ? (
        <footer className="cn-footer" dangerouslySetInnerHTML={{ __html: shell.footer }} />
      ) : (
        <footer className="cn-footer">
          <FooterInner page={page} />
        </footer>
      )}
      <MicroappScripts modules={microappModules(page)} />
    </>
  );
}

/** The body's class: the page's theme. */
export function themeClass(page: PageModel): string {
  return `cn-theme-${text(page.fields, 'Theme') ?? 'light'}`;
}

export function Document({
  page,
  children,
  shell,
}: {
  page: PageModel;
  children: ReactNode;
  /** Given: the header and footer as markup made before; else they are rendered here. */
  shell?: Shell;
}) {
  const title = text(page.fields, 'Title') ?? page.name;
  const summary = text(page.fields, 'Summary');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.url === '/' ? page.site.name : `${title} | ${page.site.name}`}</title>
        {summary && <meta name="description" content={summary} />}
        {page.mode === 'preview' && <meta name="robots" content="noindex" />}
        <link rel="stylesheet" href={page.stylesheet} />
      </head>
      <body className={themeClass(page)}>
        <PageBody page={page} shell={shell}>
          {children}
        </PageBody>
      </body>
    </html>
  );
}
