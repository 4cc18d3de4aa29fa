/**
 * What a target shows, read from the database once per build: every content item of a site with
 * the version the target shows (published and live, or latest publishable), the menu, the footer
 * fragment and the templates; then the stored rows of the pages a build renders, from which
 * `assemblePage` (in @canopy/site, on the render threads for builds) makes each page's model with
 * the list of what it read (its dependencies and their stamps), so the next build re-renders
 * exactly the pages whose inputs changed.
 */
import { createHash } from 'node:crypto';
import {
  MISSING_STAMP,
  showsMedia,
  withShownImages,
  assembleNotFound,
  assemblePage,
  sharedStamp,
  type BuildContext,
  type Dependencies,
  type MenuEntry,
  type PageModel,
  type PageSource,
  type SiteData,
  type SiteMode,
  type VersionRows,
} from '@canopy/site/data';
import { MEDIA_CONTENT_TYPES, safeSettings, type VersionStatus } from '@canopy/core';
import { sqliteFileOf, type Db } from '../db/index';
import type { ContentVersionRow } from '../db/schema';
import { pickVersion } from '../repositories/contents';
import {
  storeVersionDocuments,
  versionRowDocuments,
  versionRowDocumentsStatement,
  type VersionDocument,
} from '../repositories/version-documents';
import type { RowsSource, UnreadPage } from './render-tasks';

export type { Dependencies } from '@canopy/site/data';

export type Variant = 'published' | 'latestpublishable';

export const variantOf = (mode: SiteMode): Variant =>
  mode === 'delivery' ? 'published' : 'latestpublishable';

const STATUSES: Record<Variant, VersionStatus[]> = {
  published: ['published'],
  latestpublishable: ['staged', 'published'],
};

interface ShownItem {
  content_id: string;
  parent_id: string | null;
  path: string;
  content_type_id: string;
  template_id: string | null;
  version: ShownVersion;
}

export interface SiteSnapshot {
  siteId: string;
  siteName: string;
  mode: SiteMode;
  /** Page URL -> content id, for every page the target shows. */
  pages: Map<string, string>;
  /** The stamp of every dependency key this snapshot can answer. */
  stamp(key: string): string;
  /** What every page shares, for pages served under `basePath`. */
  context(basePath: string, stylesheet: string): BuildContext;
  /** The pages at these URLs that the target shows, without their rows (each with its version). */
  unread(urls: string[]): UnreadPage[];
  /** Where a render thread reads pages' rows itself (a SQLite file), when it can. */
  rowsSource: RowsSource | undefined;
  /** The stored rows of the pages at these URLs (those the target shows), read in batches. */
  sources(urls: string[]): Promise<PageSource[]>;
  /** Page models (and their dependencies) for these URLs, read in batches. */
  models(urls: string[], basePath: string, stylesheet: string): Promise<RenderInput[]>;
  /** A not-found page model: the site's header, menu and footer. */
  notFoundModel(basePath: string, stylesheet: string): Promise<RenderInput>;
}

export interface RenderInput {
  url: string;
  model: PageModel;
  deps: Dependencies;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
/** What a build reads of a version: what picks it, names it, places it and stamps it. */
const SHOWN_VERSION = [
  'v.content_id',
  'v.version',
  'v.status_id',
  'v.content_name',
  'v.page_url',
  'v.publish_date',
  'v.unpublish_date',
  'v.updated_date',
] as const;
type ShownVersion = Pick<
  ContentVersionRow,
  (typeof SHOWN_VERSION)[number] extends `v.${infer Column}` ? Column : never
>;

const versionStamp = (v: ShownVersion) => `${v.version}@${v.updated_date}`;

/** The default theme's menu switch: a Checkbox field of this name on a page's template. */
export const SHOW_IN_NAVIGATION = 'Show In Navigation';

/**
 * Pages whose shown version turns 'Show In Navigation' off: the stored value, else the field's
 * default (§5: a checkbox stores 'true' or 'false' and falls back to its default).
 */
async function hiddenFromNavigation(
  db: Db,
  siteId: string,
  shown: Map<string, ShownItem>,
): Promise<Set<string>> {
  const switches = await db
    .selectFrom('template_fields as f')
    .innerJoin('template_blocks as b', 'b.block_id', 'f.block_id')
    .select(['f.block_id', 'b.template_id', 'f.default_value'])
    .where('f.field_name', '=', SHOW_IN_NAVIGATION)
    .where('f.field_type', '=', 'Checkbox')
    .execute();
  if (switches.length === 0) return new Set();
  const values = await db
    .selectFrom('content_fields as c')
    .innerJoin('content_items as i', 'i.content_id', 'c.content_id')
    .select(['c.content_id', 'c.version', 'c.template_block_id', 'c.field_value'])
    .where('i.site_id', '=', siteId)
    .where(
      'c.template_block_id',
      'in',
      switches.map((f) => f.block_id),
    )
    .execute();
  const stored = new Map<string, string | null>();
  for (const row of values) {
    if (shown.get(row.content_id)?.version.version === row.version) {
      stored.set(`${row.content_id} ${row.template_block_id}`, row.field_value);
    }
  }
  const hidden = new Set<string>();
  for (const item of shown.values()) {
    const field = switches.find((f) => f.template_id === item.template_id);
    if (!field) continue;
    const key = `${item.content_id} ${field.block_id}`;
    const value = stored.has(key) ? stored.get(key) : field.default_value;
    if (value === 'false') hidden.add(item.content_id);
  }
  return hidden;
}

export async function loadSnapshot(
  db: Db,
  siteId: string,
  mode: SiteMode,
  now = new Date(),
): Promise<SiteSnapshot> {
  const variant = variantOf(mode);
  const { site, items, shown } = await readShownItems(db, siteId, variant, now);
  const templates = await readTemplates(db);
  const fields = await readFields(db);
  const microapps = await readMicroapps(db, siteId);
  const offNavigation = await hiddenFromNavigation(db, siteId, shown);
  const media = await mediaStamps(db, variant, now);
  const { pages, menu } = menuOf(items, shown, offNavigation);
  const footerItem = [...shown.values()].find(
    (i) => i.content_type_id === 'content-fragment' && i.version.content_name === 'Footer',
  );
  const footer = footerItem ? await readFooter(db, footerItem, fields) : null;
  // The footer's images of media items the target does not show stay off, as on pages; the
  // footer's stamp takes in theirs, so publishing one rebuilds the pages.
  const footerMedia: string[] = [];
  const mediaMap = new Map(Object.entries(media));
  if (footer?.body)
    footer.body = withShownImages(footer.body, (id) =>
      showsMedia(mediaMap, id, (key) => footerMedia.push(`${key}=${media[key.slice(6)]}`)),
    );
  const data: SiteData = {
    site: { id: siteId, name: site.site_name },
    mode,
    menu,
    menuStamp: hash(JSON.stringify(menu)),
    footer,
    footerStamp: footerItem
      ? [`${footerItem.content_id}#${versionStamp(footerItem.version)}`, ...footerMedia].join('|')
      : MISSING_STAMP,
    templates,
    fields,
    links: linksOf(shown),
    microapps,
    media,
  };
  return snapshotOf(db, data, shown, pages);
}

type ItemRow = Omit<ShownItem, 'version'>;

/** The site, its content items in path order, and the version the target shows of each. */
async function readShownItems(db: Db, siteId: string, variant: Variant, now: Date) {
  const site = await db
    .selectFrom('sites')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  const items: ItemRow[] = await db
    .selectFrom('content_items')
    .select(['content_id', 'parent_id', 'path', 'content_type_id', 'template_id'])
    .where('site_id', '=', siteId)
    .orderBy('path')
    .execute();
  const versions = await db
    .selectFrom('content_versions as v')
    .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
    .select(SHOWN_VERSION)
    .where('i.site_id', '=', siteId)
    .where('v.status_id', 'in', STATUSES[variant])
    .execute();
  const byContent = groupByContent(versions);
  const shown = new Map<string, ShownItem>();
  for (const item of items) {
    const version = pickVersion(byContent.get(item.content_id) ?? [], variant, now);
    if (version) shown.set(item.content_id, { ...item, version });
  }
  return { site, items, shown };
}

/** Every template, with a stamp of its layout. */
async function readTemplates(db: Db): Promise<SiteData['templates']> {
  const rows = await db
    .selectFrom('templates')
    .select(['template_id', 'template_name', 'file_layout', 'updated_date'])
    .execute();
  return Object.fromEntries(
    rows.map((t) => [
      t.template_id,
      {
        name: t.template_name,
        layout: t.file_layout,
        stamp: `${t.file_layout}@${t.updated_date}`,
      },
    ]),
  );
}

/** Every template field's block, with its name and type. */
async function readFields(db: Db): Promise<SiteData['fields']> {
  const rows = await db
    .selectFrom('template_fields as f')
    .innerJoin('template_blocks as b', 'b.block_id', 'f.block_id')
    .select(['f.block_id', 'b.block_name', 'f.field_type'])
    .orderBy('f.field_order')
    .execute();
  return Object.fromEntries(
    rows.map((f) => [f.block_id, { name: f.block_name, type: f.field_type }]),
  );
}

/** The site's micro-app instances, with how the version each runs is placed on a page. */
async function readMicroapps(db: Db, siteId: string): Promise<SiteData['microapps']> {
  const rows = await db
    .selectFrom('microapp_instances as i')
    .innerJoin('microapps as m', 'm.microapp_id', 'i.microapp_id')
    .innerJoin('microapp_versions as v', (join) =>
      join
        .onRef('v.microapp_id', '=', 'i.microapp_id')
        .onRef('v.version', '=', 'i.instance_version'),
    )
    .select([
      'i.instance_id',
      'i.instance_name',
      'i.configuration',
      'v.runtime',
      'v.module_url',
      'v.element_name',
      'v.frame_url',
      'v.frame_height',
    ])
    .where('m.site_id', '=', siteId)
    .execute();
  return Object.fromEntries(
    rows.map((row) => {
      const placement: SiteData['microapps'][string]['placement'] = {
        instanceId: row.instance_id,
        name: row.instance_name,
        runtime: row.runtime === 'frame' ? 'frame' : 'module',
        moduleUrl: row.module_url,
        elementName: row.element_name,
        frameUrl: row.frame_url,
        frameHeight: row.frame_height,
        configuration: safeSettings(JSON.parse(row.configuration) as Record<string, string>),
      };
      return [row.instance_id, { placement, stamp: hash(JSON.stringify(placement)) }];
    }),
  );
}

/**
 * The pages (URL -> content id) and the menu: shown pages in tree order; an item not shown lends
 * its place to its children.
 */
function menuOf(
  items: ItemRow[],
  shown: Map<string, ShownItem>,
  offNavigation: Set<string>,
): { pages: Map<string, string>; menu: MenuEntry[] } {
  const pages = new Map<string, string>();
  const menu: MenuEntry[] = [];
  const entryOf = new Map<string, MenuEntry>();
  const parents = new Map(items.map((i) => [i.content_id, i.parent_id]));
  const nearestEntry = (parentId: string | null): MenuEntry | undefined => {
    let id = parentId;
    while (id) {
      const entry = entryOf.get(id);
      if (entry) return entry;
      id = parents.get(id) ?? null;
    }
    return undefined;
  };
  for (const item of shown.values()) {
    const url = item.version.page_url;
    if (!url || item.content_type_id !== 'page') continue;
    if (pages.has(url)) continue;
    pages.set(url, item.content_id);
    const entry: MenuEntry = { name: item.version.content_name, url, children: [] };
    if (offNavigation.has(item.content_id)) entry.hidden = true;
    entryOf.set(item.content_id, entry);
    (nearestEntry(item.parent_id)?.children ?? menu).push(entry);
  }
  return { pages, menu };
}

/** What a Content Reference Picker can link to: every shown item with a page URL. */
function linksOf(shown: Map<string, ShownItem>): SiteData['links'] {
  const links: SiteData['links'] = {};
  for (const item of shown.values()) {
    if (item.version.page_url)
      links[item.content_id] = { url: item.version.page_url, name: item.version.content_name };
  }
  return links;
}

/** The snapshot over what was read: stamps, the shared context, and pages' rows and models. */
function snapshotOf(
  db: Db,
  data: SiteData,
  shown: Map<string, ShownItem>,
  pages: Map<string, string>,
): SiteSnapshot {
  const stamp = (key: string): string => {
    if (key.startsWith('content:')) {
      const item = shown.get(key.slice('content:'.length));
      return item ? versionStamp(item.version) : MISSING_STAMP;
    }
    return sharedStamp(data, key) ?? '?';
  };

  const context = (basePath: string, stylesheet: string): BuildContext => ({
    ...data,
    basePath,
    stylesheet,
  });

  function unread(urls: string[]): UnreadPage[] {
    const out: UnreadPage[] = [];
    for (const url of urls) {
      const item = shown.get(pages.get(url) ?? '');
      if (!item) continue;
      const { content_id: contentId, template_id: templateId, version } = item;
      const { content_name: name, version: number } = version;
      out.push({
        url,
        contentId,
        name,
        templateId,
        stamp: versionStamp(version),
        rows: null,
        version: number,
      });
    }
    return out;
  }

  async function sources(urls: string[]): Promise<PageSource[]> {
    const wanted = unread(urls);
    const out: PageSource[] = [];
    for (let i = 0; i < wanted.length; i += SOURCE_BATCH) {
      const chunk = wanted.slice(i, i + SOURCE_BATCH);
      const rows = await readVersionRows(
        db,
        chunk.map((page) => ({ content_id: page.contentId, version: page.version })),
      );
      for (const { version, ...page } of chunk)
        out.push({ ...page, rows: rows.get(`${page.contentId}#${version}`) ?? null });
    }
    return out;
  }

  const file = sqliteFileOf(db);
  return {
    siteId: data.site.id,
    siteName: data.site.name,
    mode: data.mode,
    pages,
    stamp,
    context,
    unread,
    sources,
    rowsSource: file ? { file, sql: versionRowDocumentsStatement(db) } : undefined,
    async models(urls, basePath, stylesheet) {
      const shared = context(basePath, stylesheet);
      return (await sources(urls)).map((page) => ({
        url: page.url,
        ...assemblePage(shared, page),
      }));
    },
    async notFoundModel(basePath, stylesheet) {
      return { url: '', ...assembleNotFound(context(basePath, stylesheet)) };
    },
  };
}

/**
 * Every media item (the media library belongs to no site) with a stamp of the version the
 * target shows, MISSING_STAMP when it shows none: a page naming a draft image shows no image.
 */
async function mediaStamps(db: Db, variant: Variant, now: Date): Promise<Record<string, string>> {
  const types = [...MEDIA_CONTENT_TYPES];
  const [items, versions] = await Promise.all([
    db
      .selectFrom('content_items')
      .select('content_id')
      .where('content_type_id', 'in', types)
      .execute(),
    db
      .selectFrom('content_versions as v')
      .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
      .select(SHOWN_VERSION)
      .where('i.content_type_id', 'in', types)
      .where('v.status_id', 'in', STATUSES[variant])
      .execute(),
  ]);
  const byItem = groupByContent(versions);
  const out: Record<string, string> = {};
  for (const { content_id } of items) {
    const version = pickVersion(byItem.get(content_id) ?? [], variant, now);
    out[content_id] = version ? versionStamp(version) : MISSING_STAMP;
  }
  return out;
}

/** Versions by content id. */
function groupByContent(versions: ShownVersion[]): Map<string, ShownVersion[]> {
  const byContent = new Map<string, ShownVersion[]>();
  for (const v of versions) {
    let list = byContent.get(v.content_id);
    if (!list) byContent.set(v.content_id, (list = []));
    list.push(v);
  }
  return byContent;
}

async function readFooter(
  db: Db,
  item: ShownItem,
  fields: SiteData['fields'],
): Promise<SiteData['footer']> {
  const rows = await db
    .selectFrom('content_fields')
    .select(['template_block_id', 'field_value'])
    .where('content_id', '=', item.content_id)
    .where('version', '=', item.version.version)
    .execute();
  const byName = Object.fromEntries(
    rows.map((r) => [
      Object.hasOwn(fields, r.template_block_id)
        ? fields[r.template_block_id]!.name
        : r.template_block_id,
      r.field_value,
    ]),
  );
  return { heading: byName['Heading'] ?? null, body: byName['Body'] ?? null };
}

/** Page versions read per query. */
const SOURCE_BATCH = 400;

/**
 * The rows of many content versions, one query per batch: each version's fields, regions,
 * blocks and block fields come back as one JSON document, as stored or built by the database,
 * in a stable order (as bytes from SQLite, so this thread makes no strings of them and hands
 * them over); those built are stored for the next read.
 */
async function readVersionRows(
  db: Db,
  keys: { content_id: string; version: number }[],
): Promise<Map<string, VersionRows>> {
  const ids = [...new Set(keys.map((k) => k.content_id))];
  // The versions asked for, as a coarse filter in the query: an item's older versions (a page
  // edited for years has dozens) are not read at all; the exact pairs are picked below.
  const versions = [...new Set(keys.map((k) => k.version))];
  const wanted = new Set(keys.map((k) => `${k.content_id}#${k.version}`));
  const found = await versionRowDocuments(db, ids, versions);
  const out = new Map<string, VersionRows>();
  const built: VersionDocument[] = [];
  for (const row of found) {
    const key = `${row.content_id}#${row.version}`;
    if (!wanted.has(key)) continue;
    out.set(key, row.rows);
    if (row.built) built.push(row);
  }
  await storeVersionDocuments(db, built);
  return out;
}
