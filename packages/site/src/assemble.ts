/**
 * Page models from stored rows: what a target shows of one content version (its fields, zones,
 * blocks and block fields, as the database returns them in JSON) joined with what every page of
 * the target shares (templates, field names, linked pages, micro-apps, menu, footer). It is
 * plain data in, plain data out, so a build's render workers assemble their own pages and the
 * server's thread only reads rows.
 *
 * Each model comes with its dependencies: every input it read, with a stamp of that input's
 * version. Equal dependencies render equal HTML, which is how a build knows what to carry over.
 */
import { splitInstanceIds } from '@canopy/core';
import type {
  FieldValue,
  FragmentModel,
  MenuEntry,
  MicroappPlacement,
  PageModel,
  SiteMode,
  WidgetModel,
} from './model';

/** A page's inputs: dependency key ('content:<id>', 'menu', ...) -> stamp. */
export type Dependencies = Record<string, string>;

/** Stamps shown for an input the target does not have (a deleted template, an unpublished link). */
export const MISSING_STAMP = '-';

/** What every page of a target shares, built once per snapshot. */
export interface SiteData {
  site: { id: string; name: string };
  mode: SiteMode;
  menu: MenuEntry[];
  menuStamp: string;
  footer: FragmentModel | null;
  footerStamp: string;
  /** Templates by id: name, file_layout and a stamp of both. */
  templates: Record<string, { name: string; layout: string | null; stamp: string }>;
  /** Template fields by template block id: the field's name and type. */
  fields: Record<string, { name: string; type: string }>;
  /** Items the target shows at a page URL, by content id (what a Content Reference Picker links to). */
  links: Record<string, { url: string; name: string }>;
  /** The site's micro-app instances by id, each with a stamp of its placement. */
  microapps: Record<string, { placement: MicroappPlacement; stamp: string }>;
  /**
   * Media items by content id: a stamp of the version the target shows, MISSING_STAMP when it
   * shows none (a draft): a Media Library Asset field naming such an item shows nothing.
   */
  media?: Record<string, string>;
}

/** A target's shared data with where its pages are served from. */
export interface BuildContext extends SiteData {
  basePath: string;
  stylesheet: string;
}

/**
 * One content version as stored: one JSON array of its four tables' rows, each an array of
 * arrays (`StoredRows`), as text or as its UTF-8 bytes (which cross to a render thread without a
 * copy).
 */
export type VersionRows = string | Uint8Array;

/**
 * fields [field_id, template_block_id, field_value, content_ref],
 * regions [region_id, field_id, region_value],
 * blocks [block_id, region_id, template_id, content_block_order],
 * blockFields [block_id, template_block_id, field_value], each in any order.
 */
export type StoredRows = [FieldRow[], RegionRow[], BlockRow[], BlockFieldRow[]];

/** A page to assemble: its address, its item and version, and its rows. */
export interface PageSource {
  url: string;
  contentId: string;
  name: string;
  templateId: string | null;
  /** A stamp of the content version shown (version and last change). */
  stamp: string;
  rows: VersionRows | null;
}

type Lookup<K extends 'templates' | 'fields' | 'links' | 'microapps'> = Map<
  string,
  SiteData[K][string]
>;

/** The content id a media address names (`/media-library/{dir}/{id}.{ext}`), if any. */
const MEDIA_ID =
  /^\/media-library\/(?:[^?#]*\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[./?#]/i;
export const mediaIdOf = (value: string): string | null =>
  MEDIA_ID.exec(value)?.[1]?.toLowerCase() ?? null;

/**
 * Whether the target shows the media item `id` (an id it does not know names no media item);
 * `read` is told the input read ('media:<id>').
 */
export function showsMedia(
  media: ReadonlyMap<string, string>,
  id: string | null,
  read: (key: string) => void,
): boolean {
  if (id === null || !media.has(id)) return true;
  read(`media:${id}`);
  return media.get(id) !== MISSING_STAMP;
}

const IMAGE_TAG = /<img\b[^>]*>/gi;
const SOURCE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * Rich text without the images whose media item `shown` says the target does not show (a draft,
 * or one whose publish date lies ahead): the same rule as a Media Library Asset field's.
 */
export function withShownImages(html: string, shown: (mediaId: string | null) => boolean): string {
  if (!/<img/i.test(html)) return html;
  return html.replace(IMAGE_TAG, (tag) => {
    const match = SOURCE.exec(tag);
    const source = match?.[1] ?? match?.[2] ?? match?.[3];
    return source !== undefined && !shown(mediaIdOf(source)) ? '' : tag;
  });
}

interface Lookups {
  templates: Lookup<'templates'>;
  fields: Lookup<'fields'>;
  links: Lookup<'links'>;
  microapps: Lookup<'microapps'>;
  media: Map<string, string>;
  /** 'template:<id>' by template id, made once. */
  templateKeys: Map<string | null, string>;
}

const lookupsOf = new WeakMap<SiteData, Lookups>();

/**
 * The shared records as maps, made once per context: ids come from stored values, and a map
 * finds nothing for 'constructor' where a record would find Object's.
 */
function lookups(data: SiteData): Lookups {
  let found = lookupsOf.get(data);
  if (!found) {
    found = {
      templates: new Map(Object.entries(data.templates)),
      fields: new Map(Object.entries(data.fields)),
      links: new Map(Object.entries(data.links)),
      microapps: new Map(Object.entries(data.microapps)),
      media: new Map(Object.entries(data.media ?? {})),
      templateKeys: new Map(),
    };
    lookupsOf.set(data, found);
  }
  return found;
}

const utf8 = new TextDecoder();

type FieldRow = [string, string, string | null, string | null];
type RegionRow = [string, string, string | null];
type BlockRow = [string, string, string, number];
type BlockFieldRow = [string, string, string | null];

/**
 * The stamp of a shared input ('menu', 'footer', 'template:<id>', 'link:<id>', 'microapp:<id>',
 * 'media:<id>').
 */
export function sharedStamp(data: SiteData, key: string): string | undefined {
  const { templates, links, microapps, media } = lookups(data);
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const id = colon < 0 ? '' : key.slice(colon + 1);
  switch (kind) {
    case 'menu':
      return data.menuStamp;
    case 'footer':
      return data.footerStamp;
    case 'template':
      return templates.get(id)?.stamp ?? MISSING_STAMP;
    case 'link': {
      const link = links.get(id);
      return link ? `${link.url}|${link.name}` : MISSING_STAMP;
    }
    case 'microapp':
      return microapps.get(id)?.stamp ?? MISSING_STAMP;
    case 'media':
      return media.get(id) ?? MISSING_STAMP;
    default:
      return undefined;
  }
}

/** A model with the target's header, menu and footer and nothing of its own (the 404 page). */
export function pageShell(context: BuildContext, url: string, page?: PageSource): PageModel {
  return {
    site: { ...context.site, basePath: context.basePath },
    mode: context.mode,
    url,
    contentId: page?.contentId ?? '',
    name: page?.name ?? 'Not found',
    layout: page ? (lookups(context).templates.get(page.templateId ?? '')?.layout ?? null) : null,
    fields: {},
    zones: {},
    menu: context.menu,
    footer: context.footer,
    stylesheet: context.stylesheet,
  };
}

/** The 404 page's model and what it read. */
export function assembleNotFound(context: BuildContext): { model: PageModel; deps: Dependencies } {
  return {
    model: pageShell(context, '/404'),
    deps: { menu: context.menuStamp, footer: context.footerStamp },
  };
}

/** A page's model from its rows, and every input it read. */
export function assemblePage(
  context: BuildContext,
  page: PageSource,
): { model: PageModel; deps: Dependencies } {
  // Without a prototype an object is a plain table from the start: every page's keys differ
  // (its content id), which would otherwise make each page's object a shape of its own.
  const deps: Dependencies = Object.create(null) as Dependencies;
  deps.menu = context.menuStamp;
  deps.footer = context.footerStamp;
  deps[`content:${page.contentId}`] = page.stamp;
  const { templates, fields: fieldInfo, links, microapps, media, templateKeys } = lookups(context);
  const read = (key: string) => {
    deps[key] ??= sharedStamp(context, key)!;
  };
  const mediaShown = (id: string | null) => showsMedia(media, id, read);
  const readTemplate = (templateId: string | null) => {
    let key = templateKeys.get(templateId);
    if (key === undefined) templateKeys.set(templateId, (key = `template:${templateId}`));
    read(key);
  };
  readTemplate(page.templateId);
  const model = pageShell(context, page.url, page);
  if (!page.rows) return { model, deps };

  const valueOf = (
    templateBlockId: string,
    value: string | null,
    contentRef: string | null,
  ): [string, FieldValue] => {
    const info = fieldInfo.get(templateBlockId);
    const field: FieldValue = { value };
    if (info?.type === 'Content Reference Picker') {
      const target = contentRef ?? value;
      if (target) {
        read(`link:${target}`);
        field.link = links.get(target) ?? null;
      }
    } else if (info?.type === 'Media Library Asset') {
      // A media item the target does not show: its address stays off the page.
      if (value && !mediaShown(mediaIdOf(value))) field.value = null;
      field.media = field.value;
    } else if (info?.type === 'Rich Text') {
      if (value) field.value = withShownImages(value, mediaShown);
    } else if (info?.type === 'Micro-app Reference Picker') {
      field.microapps = splitInstanceIds(value).map((id) => {
        read(`microapp:${id}`);
        return { id, placement: microapps.get(id)?.placement ?? null };
      });
    }
    return [info?.name ?? templateBlockId, field];
  };

  const [fields, regions, blocks, blockFields] = JSON.parse(
    typeof page.rows === 'string' ? page.rows : utf8.decode(page.rows),
  ) as StoredRows;

  for (const [, templateBlockId, value, contentRef] of fields) {
    const [name, field] = valueOf(templateBlockId, value, contentRef);
    model.fields[name] = field;
  }
  // Block fields come in no particular order: each block's are put in order of their template
  // field's id, so the same rows always make the same model.
  const fieldsOfBlock = new Map<string, BlockFieldRow[]>();
  let run: BlockFieldRow[] = [];
  let runBlock: string | undefined;
  for (const row of blockFields) {
    // A block's rows mostly come together: the map is asked once per run of them.
    if (row[0] !== runBlock) {
      runBlock = row[0];
      let list = fieldsOfBlock.get(runBlock);
      if (!list) fieldsOfBlock.set(runBlock, (list = []));
      run = list;
    }
    run.push(row);
  }
  for (const list of fieldsOfBlock.values()) sortByTemplateField(list);
  const blockById = new Map(blocks.map((b) => [b[0], b]));
  const widget = (blockId: string, children: WidgetModel[] = []): WidgetModel | null => {
    const block = blockById.get(blockId);
    if (!block) return null;
    const templateId = block[2];
    const template = templates.get(templateId);
    readTemplate(templateId);
    const fields: Record<string, FieldValue> = {};
    for (const [, templateBlockId, value] of fieldsOfBlock.get(blockId) ?? []) {
      const [name, field] = valueOf(templateBlockId, value, null);
      fields[name] = field;
    }
    return {
      id: blockId,
      layout: template?.layout ?? null,
      templateName: template?.name ?? 'Unknown widget',
      fields,
      children,
    };
  };
  const fieldName = new Map(
    fields.map(([fieldId, templateBlockId]) => [
      fieldId,
      fieldInfo.get(templateBlockId)?.name ?? fieldId,
    ]),
  );
  for (const [regionId, fieldId, regionValue] of regions) {
    const name = fieldName.get(fieldId) ?? fieldId;
    const layout = parseLayout(regionValue);
    const placed: WidgetModel[] = [];
    if (layout) {
      for (const node of layout.blocks ?? []) {
        const made = nodeWidget(node, widget);
        if (made) placed.push(made);
      }
    } else {
      for (const block of blocks.filter((b) => b[1] === regionId).sort((a, b) => a[3] - b[3])) {
        const made = widget(block[0]);
        if (made) placed.push(made);
      }
    }
    model.zones[name] = [...(model.zones[name] ?? []), ...placed];
  }
  return { model, deps };
}

/** Up to this many rows, a block's are sorted by insertion. */
const FEW_ROWS = 16;

/**
 * A block's rows in order of their template field's id, equal ids as they came. A block has a
 * few, and an insertion sort of a few costs less than calling Array.prototype.sort.
 */
function sortByTemplateField(rows: BlockFieldRow[]): void {
  if (rows.length > FEW_ROWS) {
    rows.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    return;
  }
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    let j = i - 1;
    for (; j >= 0 && rows[j]![1] > row[1]; j--) rows[j + 1] = rows[j]!;
    rows[j + 1] = row;
  }
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
