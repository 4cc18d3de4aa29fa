/**
 * What a target shows, read from the database once per build: every content item of a site with
 * the version the target shows (published and live, or latest publishable), the menu, the footer
 * fragment and the templates; then page models for the pages a build renders, each with the list
 * of what it read (its dependencies and their stamps), so the next build re-renders exactly the
 * pages whose inputs changed.
 */
import { createHash } from 'node:crypto';
import type {
  FieldValue,
  MenuEntry,
  MicroappPlacement,
  PageModel,
  SiteMode,
  WidgetModel,
} from '@canopy/site';
import { safeSettings, splitInstanceIds } from '@canopy/core';
import type { Db } from '../db/index';
import type { Selectable } from 'kysely';
import type { ContentVersionRow, Database } from '../db/schema';
import { pickVersion } from '../repositories/contents';

export type Variant = 'published' | 'latestpublishable';

export const variantOf = (mode: SiteMode): Variant =>
  mode === 'delivery' ? 'published' : 'latestpublishable';

const STATUSES: Record<Variant, string[]> = {
  published: ['published'],
  latestpublishable: ['staged', 'published'],
};

interface ShownItem {
  content_id: string;
  parent_id: string | null;
  path: string;
  content_type_id: string;
  template_id: string | null;
  version: ContentVersionRow;
}

interface TemplateInfo {
  name: string;
  layout: string | null;
  stamp: string;
}

interface FieldInfo {
  name: string;
  type: string;
}

/** A page's inputs: dependency key -> stamp. Equal dependencies render equal HTML. */
export type Dependencies = Record<string, string>;

export interface SiteSnapshot {
  siteId: string;
  siteName: string;
  mode: SiteMode;
  /** Page URL -> content id, for every page the target shows. */
  pages: Map<string, string>;
  /** The stamp of every dependency key this snapshot can answer. */
  stamp(key: string): string;
  /** Dependencies a page had; the same keys and stamps mean the page is unchanged. */
  unchanged(deps: Dependencies): boolean;
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
const versionStamp = (v: ContentVersionRow) => `${v.version}@${v.updated_date}`;

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
  const site = await db
    .selectFrom('sites')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('content_items')
    .select(['content_id', 'parent_id', 'path', 'content_type_id', 'template_id'])
    .where('site_id', '=', siteId)
    .orderBy('path')
    .execute();
  const versions = await db
    .selectFrom('content_versions as v')
    .innerJoin('content_items as i', 'i.content_id', 'v.content_id')
    .selectAll('v')
    .where('i.site_id', '=', siteId)
    .where('v.status_id', 'in', STATUSES[variant])
    .execute();
  const byContent = new Map<string, ContentVersionRow[]>();
  for (const v of versions) {
    let list = byContent.get(v.content_id);
    if (!list) byContent.set(v.content_id, (list = []));
    list.push(v);
  }
  const shown = new Map<string, ShownItem>();
  for (const item of items) {
    const version = pickVersion(byContent.get(item.content_id) ?? [], variant, now);
    if (version) shown.set(item.content_id, { ...item, version });
  }

  const templates = new Map<string, TemplateInfo>(
    (
      await db
        .selectFrom('templates')
        .select(['template_id', 'template_name', 'file_layout', 'updated_date'])
        .execute()
    ).map((t) => [
      t.template_id,
      {
        name: t.template_name,
        layout: t.file_layout,
        stamp: `${t.file_layout}@${t.updated_date}`,
      },
    ]),
  );
  const fields = new Map<string, FieldInfo>(
    (
      await db
        .selectFrom('template_fields as f')
        .innerJoin('template_blocks as b', 'b.block_id', 'f.block_id')
        .select(['f.block_id', 'b.block_name', 'f.field_type'])
        .orderBy('f.field_order')
        .execute()
    ).map((f) => [f.block_id, { name: f.block_name, type: f.field_type }]),
  );

  // The site's micro-app instances, with how the version each runs is placed on a page.
  const microapps = new Map<string, MicroappPlacement>(
    (
      await db
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
        .execute()
    ).map((row) => [
      row.instance_id,
      {
        instanceId: row.instance_id,
        name: row.instance_name,
        runtime: row.runtime === 'frame' ? 'frame' : 'module',
        moduleUrl: row.module_url,
        elementName: row.element_name,
        frameUrl: row.frame_url,
        frameHeight: row.frame_height,
        configuration: safeSettings(JSON.parse(row.configuration) as Record<string, string>),
      },
    ]),
  );

  const offNavigation = await hiddenFromNavigation(db, siteId, shown);

  // The menu: shown pages in tree order; an item not shown lends its place to its children.
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
  const menuStamp = hash(JSON.stringify(menu));

  const footerItem = [...shown.values()].find(
    (i) => i.content_type_id === 'content-fragment' && i.version.content_name === 'Footer',
  );

  const stamp = (key: string): string => {
    const [kind, id = ''] = key.split(':', 2) as [string, string?];
    switch (kind) {
      case 'menu':
        return menuStamp;
      case 'footer':
        return footerItem ? `${footerItem.content_id}#${versionStamp(footerItem.version)}` : '-';
      case 'content': {
        const item = shown.get(id);
        return item ? versionStamp(item.version) : '-';
      }
      case 'link': {
        const item = shown.get(id);
        return item?.version.page_url
          ? `${item.version.page_url}|${item.version.content_name}`
          : '-';
      }
      case 'template':
        return templates.get(id)?.stamp ?? '-';
      case 'microapp': {
        const placement = microapps.get(id);
        return placement ? hash(JSON.stringify(placement)) : '-';
      }
      default:
        return '?';
    }
  };

  const siteName = site.site_name;

  async function readFooter() {
    if (!footerItem) return null;
    const rows = await db
      .selectFrom('content_fields')
      .select(['template_block_id', 'field_value'])
      .where('content_id', '=', footerItem.content_id)
      .where('version', '=', footerItem.version.version)
      .execute();
    const byName = Object.fromEntries(
      rows.map((r) => [
        fields.get(r.template_block_id)?.name ?? r.template_block_id,
        r.field_value,
      ]),
    );
    return { heading: byName['Heading'] ?? null, body: byName['Body'] ?? null };
  }

  function shell(url: string, basePath: string, stylesheet: string, item?: ShownItem): PageModel {
    return {
      site: { id: siteId, name: siteName, basePath },
      mode,
      url,
      contentId: item?.content_id ?? '',
      name: item?.version.content_name ?? 'Not found',
      layout: item ? (templates.get(item.template_id ?? '')?.layout ?? null) : null,
      fields: {},
      zones: {},
      menu,
      footer: null,
      stylesheet,
    };
  }

  let footerCache: Promise<PageModel['footer']> | undefined;
  const footer = () => (footerCache ??= readFooter());

  async function models(
    urls: string[],
    basePath: string,
    stylesheet: string,
  ): Promise<RenderInput[]> {
    const footerModel = await footer();
    const out: RenderInput[] = [];
    const wanted = urls
      .map((url) => ({ url, item: shown.get(pages.get(url) ?? '') }))
      .filter((w): w is { url: string; item: ShownItem } => w.item !== undefined);
    const CHUNK = 400;
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const chunk = wanted.slice(i, i + CHUNK);
      const rows = await loadRows(
        db,
        chunk.map((w) => ({ content_id: w.item.content_id, version: w.item.version.version })),
      );
      for (const { url, item } of chunk) {
        const deps: Dependencies = {
          menu: menuStamp,
          footer: stamp('footer'),
          [`content:${item.content_id}`]: stamp(`content:${item.content_id}`),
          [`template:${item.template_id}`]: stamp(`template:${item.template_id}`),
        };
        const model = shell(url, basePath, stylesheet, item);
        model.footer = footerModel;
        const own = rows.get(`${item.content_id}#${item.version.version}`);
        if (own) fillModel(model, own, deps);
        out.push({ url, model, deps });
      }
    }
    return out;
  }

  function valueOf(
    templateBlockId: string,
    value: string | null,
    contentRef: string | null,
    deps: Dependencies,
  ): [string, FieldValue] {
    const info = fields.get(templateBlockId);
    const field: FieldValue = { value };
    if (info?.type === 'Content Reference Picker') {
      const target = contentRef ?? value;
      if (target) {
        deps[`link:${target}`] = stamp(`link:${target}`);
        const item = shown.get(target);
        field.link = item?.version.page_url
          ? { url: item.version.page_url, name: item.version.content_name }
          : null;
      }
    } else if (info?.type === 'Media Library Asset') {
      field.media = value;
    } else if (info?.type === 'Micro-app Reference Picker') {
      field.microapps = splitInstanceIds(value).map((id) => {
        deps[`microapp:${id}`] = stamp(`microapp:${id}`);
        return { id, placement: microapps.get(id) ?? null };
      });
    }
    return [info?.name ?? templateBlockId, field];
  }

  function fillModel(model: PageModel, rows: VersionRows, deps: Dependencies) {
    for (const f of rows.fields) {
      const [name, value] = valueOf(f.template_block_id, f.field_value, f.content_ref, deps);
      model.fields[name] = value;
    }
    const blockFields = new Map<string, VersionRows['blockFields']>();
    for (const bf of rows.blockFields) {
      let list = blockFields.get(bf.block_id);
      if (!list) blockFields.set(bf.block_id, (list = []));
      list.push(bf);
    }
    const blocks = new Map(rows.blocks.map((b) => [b.block_id, b]));
    const widget = (blockId: string, children: WidgetModel[] = []): WidgetModel | null => {
      const block = blocks.get(blockId);
      if (!block) return null;
      const template = templates.get(block.template_id);
      deps[`template:${block.template_id}`] = stamp(`template:${block.template_id}`);
      return {
        id: block.block_id,
        layout: template?.layout ?? null,
        templateName: template?.name ?? 'Unknown widget',
        fields: Object.fromEntries(
          (blockFields.get(blockId) ?? []).map((bf) =>
            valueOf(bf.template_block_id, bf.field_value, null, deps),
          ),
        ),
        children,
      };
    };
    const fieldName = new Map(
      rows.fields.map((f) => [f.field_id, fields.get(f.template_block_id)?.name ?? f.field_id]),
    );
    for (const region of rows.regions) {
      const name = fieldName.get(region.field_id) ?? region.field_id;
      const layout = parseLayout(region.region_value);
      const placed: WidgetModel[] = [];
      if (layout) {
        for (const node of layout.blocks ?? []) {
          const made = nodeWidget(node, widget);
          if (made) placed.push(made);
        }
      } else {
        for (const block of rows.blocks
          .filter((b) => b.region_id === region.region_id)
          .sort((a, b) => a.content_block_order - b.content_block_order)) {
          const made = widget(block.block_id);
          if (made) placed.push(made);
        }
      }
      model.zones[name] = [...(model.zones[name] ?? []), ...placed];
    }
  }

  return {
    siteId,
    siteName,
    mode,
    pages,
    stamp,
    unchanged: (deps) => Object.entries(deps).every(([key, value]) => stamp(key) === value),
    models,
    notFoundModel: async (basePath, stylesheet) => {
      const model = shell('/404', basePath, stylesheet);
      model.footer = await footer();
      return { url: '', model, deps: { menu: menuStamp, footer: stamp('footer') } };
    },
  };
}

interface LayoutNode {
  id: string;
  type?: string;
  blocks?: LayoutNode[];
}

/** A zone's layout node as a widget: a container's items' widgets become its children. */
function nodeWidget(
  node: LayoutNode,
  widget: (id: string, children?: WidgetModel[]) => WidgetModel | null,
): WidgetModel | null {
  if (node.type === 'container') {
    const children = (node.blocks ?? [])
      .flatMap((item) => (item.type === 'containerItem' ? (item.blocks ?? []) : [item]))
      .map((child) => nodeWidget(child, widget))
      .filter((w): w is WidgetModel => w !== null);
    return widget(node.id, children);
  }
  return widget(node.id);
}

function parseLayout(value: string | null): LayoutNode | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as LayoutNode;
  } catch {
    return null;
  }
}

type VersionRows = Awaited<ReturnType<typeof loadRows>> extends Map<string, infer R> ? R : never;

/** Fields, regions, blocks and block fields of many content versions, in four queries per batch. */
async function loadRows(db: Db, keys: { content_id: string; version: number }[]) {
  const ids = [...new Set(keys.map((k) => k.content_id))];
  // The versions asked for, as a coarse filter in the query: an item's older versions (a page
  // edited for years has dozens) are not read at all; the exact pairs are picked below.
  const versions = [...new Set(keys.map((k) => k.version))];
  const wanted = new Set(keys.map((k) => `${k.content_id}#${k.version}`));
  const read = <T extends 'content_fields' | 'dynamic_regions' | 'content_blocks' | 'block_fields'>(
    table: T,
  ) =>
    db
      .selectFrom(table as 'content_fields')
      .selectAll()
      .where('content_id', 'in', ids)
      .where('version', 'in', versions)
      .execute() as Promise<Selectable<Database[T]>[]>;
  const [fields, regions, blocks, blockFields] = await Promise.all([
    read('content_fields'),
    read('dynamic_regions'),
    read('content_blocks'),
    read('block_fields'),
  ]);
  const out = new Map<
    string,
    {
      fields: typeof fields;
      regions: typeof regions;
      blocks: typeof blocks;
      blockFields: typeof blockFields;
    }
  >();
  const slot = (row: { content_id: string; version: number }) => {
    const key = `${row.content_id}#${row.version}`;
    if (!wanted.has(key)) return undefined;
    let entry = out.get(key);
    if (!entry) out.set(key, (entry = { fields: [], regions: [], blocks: [], blockFields: [] }));
    return entry;
  };
  for (const r of fields) slot(r)?.fields.push(r);
  for (const r of regions) slot(r)?.regions.push(r);
  for (const r of blocks) slot(r)?.blocks.push(r);
  for (const r of blockFields) slot(r)?.blockFields.push(r);
  return out;
}
