/**
 * Bench data written straight into the database (the API would take minutes for 100,000 items):
 * a page template with a Dynamic Zone and a four-field widget, sites with content trees of a
 * realistic shape, a published page with blocks, and a role with settings on many items.
 * Rows go in with multi-row inserts, chunked, inside one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { InsertObject } from 'kysely';
import {
  DEFAULT_PUBLISH_DATE,
  DEFAULT_UNPUBLISH_DATE,
  FIRST_VERSION,
  childPath,
  pathSegment,
} from '@canopy/core';
import type { Database, Db } from '../../packages/server/src/db/index';
import { BLANK_FIELD_DEFINITION } from '../../packages/server/src/operations/templates/field-rules';

const CREATOR = 'bench';

/** Multi-row inserts kept under both databases' bound-parameter limits. */
async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(20_000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perChunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perChunk))
      .execute();
  }
}

export interface ContentModel {
  pageTemplateId: string;
  widgetTemplateId: string;
  /** Template block ids of the page template. */
  page: { itemName: string; pageUrl: string; title: string; body: string; zone: string };
  /** Template block ids of the widget's four fields. */
  widget: [string, string, string, string];
}

/** A template folder holding a page template (with a Dynamic Zone) and a four-field widget. */
export async function createContentModel(db: Db): Promise<ContentModel> {
  const id = () => randomUUID();
  const now = new Date().toISOString();
  const folderId = id();
  const model: ContentModel = {
    pageTemplateId: id(),
    widgetTemplateId: id(),
    page: { itemName: id(), pageUrl: id(), title: id(), body: id(), zone: id() },
    widget: [id(), id(), id(), id()],
  };
  const template = (
    template_id: string,
    template_name: string,
    template_type_id: string,
    order: number,
    parentId: string | null,
  ): InsertObject<Database, 'templates'> => ({
    template_id,
    template_name,
    template_type_id,
    parent_id: parentId,
    template_order: order,
    path: parentId ? childPath(pathSegment(1), order) : pathSegment(order),
    lvl: parentId ? 2 : 1,
    file_layout: template_type_id === 'page-template' ? 'page' : 'widget',
    widget_type: template_type_id === 'widget-template' ? 'Block Widget' : null,
    custom_icon_class: null,
    container_item_child_reference: null,
    widget_template_data: null,
    child_levels_needed: 0,
    allowed_content_type: '',
    allowed_template_type: '',
    is_active: 1,
    created_by: CREATOR,
    created_date: now,
    updated_date: now,
    updated_by: CREATOR,
  });
  const field = (
    blockId: string,
    templateId: string,
    fieldType: string,
    allowedWidgets?: string,
  ) => ({
    field_id: id(),
    block_id: blockId,
    template_id: templateId,
    ...BLANK_FIELD_DEFINITION,
    field_type: fieldType,
    field_name: 'value',
    allowed_widgets: allowedWidgets ?? null,
    field_order: 1,
  });
  const { page, widget } = model;
  const pageBlocks: [string, string, string][] = [
    [page.itemName, 'Item Name', 'Short Text'],
    [page.pageUrl, 'Page URL', 'Short Text'],
    [page.title, 'Title', 'Short Text'],
    [page.body, 'Body', 'Rich Text'],
    [page.zone, 'Main Zone', 'Dynamic Zone'],
  ];
  const widgetBlocks: [string, string, string][] = [
    [widget[0], 'Heading', 'Short Text'],
    [widget[1], 'Text', 'Long Text'],
    [widget[2], 'Link', 'Short Text'],
    [widget[3], 'Caption', 'Short Text'],
  ];
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'templates', [
      template(folderId, 'Bench Templates', 'folder-template', 1, null),
      template(model.pageTemplateId, 'Bench Page', 'page-template', 1, folderId),
      template(model.widgetTemplateId, 'Bench Card', 'widget-template', 2, folderId),
    ]);
    const blocks = (templateId: string, list: [string, string, string][]) =>
      list.map(([block_id, block_name], i) => ({
        block_id,
        template_id: templateId,
        block_name,
        block_order: i + 1,
      }));
    await insertRows(trx, 'template_blocks', [
      ...blocks(model.pageTemplateId, pageBlocks),
      ...blocks(model.widgetTemplateId, widgetBlocks),
    ]);
    await insertRows(trx, 'template_fields', [
      ...pageBlocks.map(([blockId, , type]) =>
        field(
          blockId,
          model.pageTemplateId,
          type,
          type === 'Dynamic Zone' ? model.widgetTemplateId : undefined,
        ),
      ),
      ...widgetBlocks.map(([blockId, , type]) => field(blockId, model.widgetTemplateId, type)),
    ]);
  });
  return model;
}

export interface TreeItem {
  id: string;
  parentId: string | null;
  siteId: string;
  order: number;
  path: string;
  lvl: number;
  pageUrl: string;
}

/**
 * A forest of `size` items: `roots` top-level roots (one site each), every item getting
 * `fanOut` children breadth-first until the size is reached, so the last level is partly filled.
 * Paths are two-digit segments, orders 1..fanOut, Page URLs follow the paths.
 */
export function planTree(size: number, roots = 5, fanOut = 10): TreeItem[] {
  const items: TreeItem[] = [];
  for (let order = 1; order <= Math.min(roots, size); order++) {
    const siteId = randomUUID();
    const path = pathSegment(order);
    items.push({ id: randomUUID(), parentId: null, siteId, order, path, lvl: 1, pageUrl: '/' });
  }
  for (let next = 0; items.length < size; next++) {
    const parent = items[next]!;
    for (let order = 1; order <= fanOut && items.length < size; order++) {
      const segment = pathSegment(order);
      items.push({
        id: randomUUID(),
        parentId: parent.id,
        siteId: parent.siteId,
        order,
        path: childPath(parent.path, order),
        lvl: parent.lvl + 1,
        pageUrl: `${parent.pageUrl === '/' ? '' : parent.pageUrl}/page-${segment}`,
      });
    }
  }
  return items;
}

export function itemName(item: TreeItem): string {
  return item.parentId ? `Page ${item.path}` : `Site ${item.path}`;
}

/** The sites, their items and one published version per item (parents are inserted first). */
export async function insertTree(db: Db, model: ContentModel, items: TreeItem[]): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      'sites',
      items
        .filter((item) => item.parentId === null)
        .map((root) => ({
          site_id: root.siteId,
          site_name: `Bench Site ${root.path}`,
          root_content_id: root.id,
          base_url: null,
          created_date: now,
        })),
    );
    await insertRows(
      trx,
      'content_items',
      items.map((item) => ({
        content_id: item.id,
        site_id: item.siteId,
        parent_id: item.parentId,
        content_order: item.order,
        path: item.path,
        lvl: item.lvl,
        content_type_id: 'page',
        template_id: model.pageTemplateId,
        content_name: itemName(item),
        is_active: 1,
        locked_by: null,
        custom_icon: null,
        allowed_content_type: '',
        allowed_template_type: '',
        media_library_directory: null,
        page_url: item.pageUrl,
        media_url: null,
        created_by: CREATOR,
        created_date: now,
      })),
    );
    await insertRows(
      trx,
      'content_versions',
      items.map((item) => ({
        content_id: item.id,
        version: FIRST_VERSION,
        status_id: 'published',
        content_name: itemName(item),
        page_url: item.pageUrl,
        publish_date: DEFAULT_PUBLISH_DATE,
        unpublish_date: DEFAULT_UNPUBLISH_DATE,
        copied_from: null,
        parent_version: null,
        updated_date: now,
        updated_by: CREATOR,
      })),
    );
  });
}

/**
 * Gives an item's (published) first version the page template's fields and a zone holding
 * `blockCount` widget blocks of four filled fields each.
 */
export async function fillPage(
  db: Db,
  model: ContentModel,
  item: TreeItem,
  blockCount: number,
): Promise<void> {
  const key = { content_id: item.id, version: FIRST_VERSION };
  const zoneFieldId = randomUUID();
  const regionId = randomUUID();
  const blockIds = Array.from({ length: blockCount }, () => randomUUID());
  const values: [string, string | null][] = [
    [model.page.itemName, itemName(item)],
    [model.page.pageUrl, item.pageUrl],
    [model.page.title, `Welcome to ${itemName(item)}`],
    [model.page.body, `<p>${'Some rich text about this page. '.repeat(20)}</p>`],
  ];
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'content_fields', [
      ...values.map(([template_block_id, field_value]) => ({
        ...key,
        field_id: randomUUID(),
        template_block_id,
        field_value,
        content_ref: null,
      })),
      {
        ...key,
        field_id: zoneFieldId,
        template_block_id: model.page.zone,
        field_value: null,
        content_ref: null,
      },
    ]);
    const layout = { id: regionId, type: 'dynamicZone', blocks: blockIds.map((id) => ({ id })) };
    await insertRows(trx, 'dynamic_regions', [
      { ...key, region_id: regionId, field_id: zoneFieldId, region_value: JSON.stringify(layout) },
    ]);
    await insertRows(
      trx,
      'content_blocks',
      blockIds.map((block_id) => ({
        ...key,
        block_id,
        region_id: regionId,
        template_id: model.widgetTemplateId,
        content_block_order: 1,
      })),
    );
    await insertRows(
      trx,
      'block_fields',
      blockIds.flatMap((block_id, b) =>
        model.widget.map((template_block_id, f) => ({
          ...key,
          field_id: randomUUID(),
          block_id,
          template_block_id,
          field_value: widgetValue(b, f, 'published'),
        })),
      ),
    );
  });
}

/** A plausible value for field `f` (0..3: heading, text, link, caption) of block `b`; each holds `tag`. */
export function widgetValue(b: number, f: number, tag: string): string {
  switch (f) {
    case 0:
      return `Card ${b + 1} (${tag})`;
    case 1:
      return `Text of card ${b + 1}, ${tag}. ${'Lorem ipsum dolor sit amet. '.repeat(4)}`;
    case 2:
      return `/cards/${b + 1}/${tag}`;
    default:
      return `Caption ${b + 1} ${tag}`;
  }
}

export interface RoleSettings {
  roleId: string;
  /** Items carrying at least one explicit setting of the role. */
  items: number;
  rows: number;
}

/**
 * A role with explicit settings on `count` different items: Read on every root (so most of the
 * tree is readable by inheritance), then items spread evenly over the tree, most granting Edit,
 * some Read + Edit + Create, and one in ten denying Read (hiding that subtree).
 */
export async function createRoleWithSettings(
  db: Db,
  items: TreeItem[],
  count: number,
): Promise<RoleSettings> {
  const roleId = 'bench-editor';
  const roots = items.filter((item) => item.parentId === null);
  const others = items.filter((item) => item.parentId !== null);
  const step = Math.max(1, Math.floor(others.length / (count - roots.length)));
  const chosen = others.filter((_, i) => i % step === 0).slice(0, count - roots.length);
  const rows: InsertObject<Database, 'role_permissions'>[] = [];
  const set = (contentId: string, permissionId: string, permission: number) =>
    rows.push({ role_id: roleId, content_id: contentId, permission_id: permissionId, permission });
  for (const root of roots) set(root.id, 'Read', 1);
  chosen.forEach((item, i) => {
    if (i % 10 === 0) set(item.id, 'Read', 0);
    else if (i % 10 === 1) {
      set(item.id, 'Read', 1);
      set(item.id, 'Edit', 1);
      set(item.id, 'Create', 1);
    } else set(item.id, 'Edit', 1);
  });
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'roles', [
      { role_id: roleId, role_name: 'Bench Editor', role_rank: 20, is_admin: 0 },
    ]);
    await insertRows(trx, 'role_permissions', rows);
  });
  return { roleId, items: roots.length + chosen.length, rows: rows.length };
}
