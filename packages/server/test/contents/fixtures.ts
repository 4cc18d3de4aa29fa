/**
 * A small content world for content tests: a site with a root page, a page template (Item Name,
 * Page URL, a required Title with a pattern, Body, a Dynamic Zone) and a widget template.
 */
import { randomUUID } from 'node:crypto';
import { childPath, type Content } from '@canopy/core';
import type { Db } from '../../src/db/index';
import type { NewTemplate } from '../../src/db/schema';
import { BLANK_FIELD_DEFINITION } from '../../src/operations/templates/field-rules';
import type { TestApp } from '../harness';

export interface World {
  siteId: string;
  rootId: string;
  pageTemplateId: string;
  widgetTemplateId: string;
  otherWidgetTemplateId: string;
  blocks: { itemName: string; pageUrl: string; title: string; body: string; zone: string };
  widgetBlocks: { heading: string; text: string };
}

export async function makeWorld(db: Db): Promise<World> {
  const now = new Date().toISOString();
  const id = () => randomUUID();
  const world: World = {
    siteId: id(),
    rootId: id(),
    pageTemplateId: id(),
    widgetTemplateId: id(),
    otherWidgetTemplateId: id(),
    blocks: { itemName: id(), pageUrl: id(), title: id(), body: id(), zone: id() },
    widgetBlocks: { heading: id(), text: id() },
  };
  const folderId = id();
  const template = (
    template_id: string,
    template_name: string,
    template_type_id: string,
    order: number,
    parent: string | null,
    parentPath: string | null,
  ): NewTemplate => ({
    template_id,
    template_name,
    template_type_id,
    parent_id: parent,
    template_order: order,
    path: childPath(parentPath, order),
    lvl: parentPath ? parentPath.split('/').length + 1 : 1,
    file_layout: template_type_id === 'page-template' ? 'page' : 'widget',
    widget_type: template_type_id === 'widget-template' ? 'Block Widget' : null,
    custom_icon_class: null,
    container_item_child_reference: null,
    widget_template_data: null,
    child_levels_needed: 0,
    allowed_content_type: '',
    allowed_template_type: '',
    is_active: 1,
    created_by: 'system',
    created_date: now,
    updated_date: now,
    updated_by: 'system',
  });
  await db
    .insertInto('templates')
    .values([
      template(folderId, 'Test Templates', 'folder-template', 50, null, null),
      template(world.pageTemplateId, 'Page', 'page-template', 1, folderId, '50'),
      template(world.widgetTemplateId, 'Hero', 'widget-template', 2, folderId, '50'),
      template(world.otherWidgetTemplateId, 'Quote', 'widget-template', 3, folderId, '50'),
    ])
    .execute();
  const block = (
    block_id: string,
    template_id: string,
    block_name: string,
    block_order: number,
  ) => ({ block_id, template_id, block_name, block_order });
  const field = (
    block_id: string,
    template_id: string,
    field_type: string,
    extra: Record<string, unknown> = {},
  ) => ({
    field_id: id(),
    block_id,
    template_id,
    ...BLANK_FIELD_DEFINITION,
    field_type,
    field_name: 'value',
    field_order: 1,
    ...extra,
  });
  const { blocks, widgetBlocks } = world;
  await db
    .insertInto('template_blocks')
    .values([
      block(blocks.itemName, world.pageTemplateId, 'Item Name', 1),
      block(blocks.pageUrl, world.pageTemplateId, 'Page URL', 2),
      block(blocks.title, world.pageTemplateId, 'Title', 3),
      block(blocks.body, world.pageTemplateId, 'Body', 4),
      block(blocks.zone, world.pageTemplateId, 'Main Zone', 5),
      block(widgetBlocks.heading, world.widgetTemplateId, 'Heading', 1),
      block(widgetBlocks.text, world.widgetTemplateId, 'Text', 2),
    ])
    .execute();
  await db
    .insertInto('template_fields')
    .values([
      field(blocks.itemName, world.pageTemplateId, 'Short Text', { is_required: 1 }),
      field(blocks.pageUrl, world.pageTemplateId, 'Short Text'),
      field(blocks.title, world.pageTemplateId, 'Short Text', {
        is_required: 1,
        regex_validation: '^[A-Z]',
        validation_message: 'Start the title with a capital letter',
        default_value: 'Untitled',
      }),
      field(blocks.body, world.pageTemplateId, 'Rich Text'),
      field(blocks.zone, world.pageTemplateId, 'Dynamic Zone', {
        allowed_widgets: world.widgetTemplateId,
      }),
      field(widgetBlocks.heading, world.widgetTemplateId, 'Short Text', { is_required: 1 }),
      field(widgetBlocks.text, world.widgetTemplateId, 'Long Text'),
    ])
    .execute();

  await db
    .insertInto('sites')
    .values({
      site_id: world.siteId,
      site_name: 'Test Site',
      root_content_id: null,
      base_url: null,
      created_date: now,
    })
    .execute();
  const rootPath = String(Math.floor(Math.random() * 40) + 10);
  await db
    .insertInto('content_items')
    .values({
      content_id: world.rootId,
      site_id: world.siteId,
      parent_id: null,
      content_order: Number(rootPath),
      path: rootPath,
      lvl: 1,
      content_type_id: 'page',
      template_id: world.pageTemplateId,
      content_name: 'Home',
      is_active: 1,
      locked_by: null,
      custom_icon: null,
      allowed_content_type: 'page',
      allowed_template_type: '',
      media_library_directory: null,
      page_url: '/',
      media_url: null,
      created_by: 'system',
      created_date: now,
    })
    .execute();
  await db
    .insertInto('content_versions')
    .values({
      content_id: world.rootId,
      version: 1,
      status_id: 'published',
      content_name: 'Home',
      page_url: '/',
      publish_date: '1970-01-01 12:00',
      unpublish_date: '1970-01-01 12:00',
      copied_from: null,
      parent_version: null,
      updated_date: now,
      updated_by: 'system',
    })
    .execute();
  await db
    .updateTable('sites')
    .set({ root_content_id: world.rootId })
    .where('site_id', '=', world.siteId)
    .execute();
  return world;
}

/** Creates a page under the root through the API (as `as`, default admin); returns its content. */
export async function createPage(
  t: TestApp,
  world: World,
  name: string,
  as = 'admin',
  parentId = world.rootId,
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/contents',
    as,
    payload: { parent_id: parentId, template_id: world.pageTemplateId, content_name: name },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The content field id of a template block in a content reply. */
export function fieldId(
  content: { content_fields: Record<string, { field_id: string }> },
  templateBlockId: string,
): string {
  return content.content_fields[templateBlockId]!.field_id;
}

/**
 * Publishes a version as a release will (publishing is not an API call yet): the version's
 * status, then the delivery cache a release must empty. Tests use it instead of raw SQL so that
 * none relies on an unrelated write to clear the cache.
 */
export async function publish(t: TestApp, contentId: string, version = 1): Promise<void> {
  const result = await t.db
    .updateTable('content_versions')
    .set({ status_id: 'published' })
    .where('content_id', '=', contentId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new Error(`publish: no version ${version} of ${contentId}`);
  t.app.canopy.readCache.clear();
}

/** A new page with its Page URL and fields saved, published as version 1; its saved reply. */
export async function publishedPage(
  t: TestApp,
  world: World,
  name: string,
  fields: Record<string, string>,
): Promise<Content> {
  const saved = ok(await saveFields(t, await createPage(t, world, name), fields)).json() as Content;
  await publish(t, saved.content_id);
  return saved;
}

/** Gives (1) or takes away (0) Read on an item from a role through the API, which must succeed. */
export async function setRead(t: TestApp, roleId: string, contentId: string, permission: 0 | 1) {
  ok(
    await t.request({
      method: 'PUT',
      url: `/api/permissions/${roleId}`,
      payload: { [contentId]: { Read: { permission } } },
    }),
  );
}

/** Throws with the reply when a set-up call is not answered with `status` (default any 2xx). */
export function ok<T extends { statusCode: number; body: string }>(res: T, status?: number): T {
  const good = status === undefined ? res.statusCode < 300 : res.statusCode === status;
  if (!good) throw new Error(`set-up call answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** Every row of a content item (tree row, versions, fields, zones, blocks, block fields), sorted. */
export async function contentRows(db: Db, contentId: string) {
  const rows = async (
    table:
      | 'content_items'
      | 'content_versions'
      | 'content_fields'
      | 'dynamic_regions'
      | 'content_blocks'
      | 'block_fields',
  ) => {
    const found: object[] = await db
      .selectFrom(table as 'content_fields')
      .selectAll()
      .where('content_id', '=', contentId)
      .execute();
    return found.map((row) => JSON.stringify(row)).sort();
  };
  return {
    item: await rows('content_items'),
    versions: await rows('content_versions'),
    fields: await rows('content_fields'),
    regions: await rows('dynamic_regions'),
    blocks: await rows('content_blocks'),
    blockFields: await rows('block_fields'),
  };
}

/** The editor's Save of some fields (keyed by template block) into the version `content` was read at. */
export function saveFields(
  t: TestApp,
  content: {
    content_id: string;
    version: number;
    updated_date: string;
    content_fields: Record<string, { field_id: string }>;
  },
  values: Record<string, string>,
  extra: object = {},
) {
  return t.request({
    method: 'PUT',
    url: `/api/contents/${content.content_id}`,
    payload: {
      version: content.version,
      updated_date: content.updated_date,
      content_fields: Object.entries(values).map(([block, field_value]) => ({
        field_id: fieldId(content, block),
        field_value,
      })),
      ...extra,
    },
  });
}

/** An item of the menu tree (GET /api/menus), as far as the tests read it. */
export interface MenuNode {
  content_id: string;
  locked_by: string | null;
  children: MenuNode[];
}

/** The item of a menu tree with this id, at any depth. */
export function findMenuNode(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.content_id === id) return node;
    const inner = findMenuNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Numbers in [0, 1) that repeat with the seed (mulberry32): the same seed, the same run. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
