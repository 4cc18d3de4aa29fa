/**
 * What a page renders from: plain data (JSON-safe, so it crosses to render workers), made by the
 * server from the content a target shows. Components never read the database.
 */

export type SiteMode = 'delivery' | 'preview';

/** A content reference resolved to the page it points at (null when that page is not shown). */
export interface LinkTarget {
  url: string;
  name: string;
}

/** One field as a component sees it: the stored value, and what a reference or media value resolves to. */
export interface FieldValue {
  value: string | null;
  /** A Content Reference Picker field: the referenced page on this target. */
  link?: LinkTarget | null;
  /** A Media Library Asset field: the file's address. */
  media?: string | null;
  /** A Micro-app Reference Picker field: each instance it names (null: missing or deleted). */
  microapps?: { id: string; placement: MicroappPlacement | null }[];
}

/** How one micro-app instance runs on a page: its version's module or page, its settings. */
export interface MicroappPlacement {
  instanceId: string;
  /** The instance's name (a frame's title). */
  name: string;
  runtime: 'module' | 'frame';
  /** A module defining `elementName`, loaded once per page. */
  moduleUrl: string | null;
  elementName: string | null;
  frameUrl: string | null;
  frameHeight: number | null;
  /** Given to the element as attributes. */
  configuration: Record<string, string>;
}

/** A widget placed in a dynamic zone; containers hold their items' widgets as children. */
export interface WidgetModel {
  id: string;
  /** The widget template's file_layout: the key its component is registered under. */
  layout: string | null;
  templateName: string;
  /** By field name ('Heading', 'Body', ...). */
  fields: Record<string, FieldValue>;
  children: WidgetModel[];
}

export interface MenuEntry {
  name: string;
  url: string;
  children: MenuEntry[];
  /** Kept out of the site's menus (its 'Show In Navigation' is off); breadcrumbs still show it. */
  hidden?: boolean;
}

/** The entries a menu shows: those not hidden (a hidden entry takes its children with it). */
export function navigable(entries: MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => !entry.hidden);
}

const trails = new WeakMap<MenuEntry[], Map<string, MenuEntry[]>>();

/**
 * The entries from the top of a menu down to the first entry (in tree order) at `url`; empty when
 * the menu has none. Every page of a build shares its menu, so the menu is indexed once, not
 * searched once per page.
 */
export function menuTrail(menu: MenuEntry[], url: string): MenuEntry[] {
  let index = trails.get(menu);
  if (!index) {
    const made = new Map<string, MenuEntry[]>();
    const visit = (entries: MenuEntry[], above: MenuEntry[]) => {
      for (const entry of entries) {
        const trail = [...above, entry];
        if (!made.has(entry.url)) made.set(entry.url, trail);
        visit(entry.children, trail);
      }
    };
    visit(menu, []);
    trails.set(menu, (index = made));
  }
  return index.get(url) ?? [];
}

export interface FragmentModel {
  heading: string | null;
  body: string | null;
}

export interface PageModel {
  site: {
    id: string;
    name: string;
    /** Where the target is served ('/', '/preview', ...); every link starts with it. */
    basePath: string;
  };
  mode: SiteMode;
  /** The page's own URL ('/about/team'). */
  url: string;
  contentId: string;
  name: string;
  /** The page template's file_layout. */
  layout: string | null;
  fields: Record<string, FieldValue>;
  /** Dynamic zones by field name ('Main Zone'). */
  zones: Record<string, WidgetModel[]>;
  menu: MenuEntry[];
  footer: FragmentModel | null;
  /** Set when an editor previews: the bar says what they see and how to leave. */
  preview?: PreviewInfo | null;
  /** The stylesheet's address. */
  stylesheet: string;
}

/** The preview bar's words (what the reader sees) and the address that leaves preview. */
export interface PreviewInfo {
  label: string;
  exitUrl: string;
  /** The page editor's address, for a reader who may edit the page; a plain link, no script. */
  editUrl?: string;
}

/** Joins a target's base path and a page URL: ('/preview', '/about') -> '/preview/about'. */
export function siteHref(basePath: string, url: string): string {
  const base = basePath.replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  return `${base}${path}` || '/';
}

/** A media value's address: absolute and rooted values as they are, others under /media-library/. */
export function mediaSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/')) return value;
  return `/media-library/${value.replace(/^media\//, '')}`;
}

/** Every micro-app module a page's fields and widgets place, each once, in the order met. */
export function microappModules(page: PageModel): string[] {
  const urls = new Set<string>();
  const visit = (fields: Record<string, FieldValue>) => {
    for (const field of Object.values(fields))
      for (const { placement } of field.microapps ?? [])
        if (placement?.runtime === 'module' && placement.moduleUrl) urls.add(placement.moduleUrl);
  };
  const walk = (widgets: WidgetModel[]) => {
    for (const widget of widgets) {
      visit(widget.fields);
      walk(widget.children);
    }
  };
  visit(page.fields);
  for (const widgets of Object.values(page.zones)) walk(widgets);
  return [...urls];
}
