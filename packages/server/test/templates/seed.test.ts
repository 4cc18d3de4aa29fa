/** The demo templates: fixed ids, every field type, a consistent tree, and what the API says of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childPath,
  FIELD_TYPES,
  levelOf,
  TEMPLATE_FOLDER_ID,
  WIDGET_TEMPLATES_ROOT_ID,
} from '@canopy/core';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { loadBlockDefinitions } from '../../src/repositories/field-definitions';
import {
  DEMO_TEMPLATES,
  DOCUMENT_BLOCK_IDS,
  IMAGE_BLOCK_IDS,
  MULTI_STREAM_VIDEO_BLOCK_IDS,
  PAGE_BLOCK_IDS,
  seedTemplates,
  VIDEO_BLOCK_IDS,
} from '../../src/seed/templates';
import { insertContent } from './helpers';

const IDS = DEMO_TEMPLATES.templates;

describe.each(DIALECTS)('template seed on %s', (dialect) => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedTemplates>>;
  beforeAll(async () => {
    t = await startApp(dialect);
    seeded = await seedTemplates(t.db);
  });
  afterAll(() => t.close());

  const count = async (
    table: 'templates' | 'template_blocks' | 'template_fields' | 'template_types',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('returns the fixed ids, and a second run adds nothing', async () => {
    expect(seeded).toBe(DEMO_TEMPLATES);
    const before = await Promise.all([
      count('templates'),
      count('template_blocks'),
      count('template_fields'),
      count('template_types'),
    ]);
    expect(await seedTemplates(t.db)).toBe(DEMO_TEMPLATES);
    const after = await Promise.all([
      count('templates'),
      count('template_blocks'),
      count('template_fields'),
      count('template_types'),
    ]);
    expect(after).toEqual(before);
    expect(before[0]).toBeGreaterThanOrEqual(18);
  });

  it('uses every field type of §3', async () => {
    const types = await t.db
      .selectFrom('template_fields')
      .select('field_type')
      .distinct()
      .execute();
    expect(types.map((row) => row.field_type).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('keeps a consistent tree: the fixed roots, paths of two-digit segments, levels', async () => {
    const rows = await t.db.selectFrom('templates').selectAll().execute();
    const byId = new Map(rows.map((row) => [row.template_id, row]));
    expect(byId.get(TEMPLATE_FOLDER_ID)).toMatchObject({
      template_name: 'Templates',
      parent_id: null,
      path: '01',
      lvl: 1,
    });
    expect(byId.get(WIDGET_TEMPLATES_ROOT_ID)).toMatchObject({
      template_name: 'Widget Templates',
      parent_id: TEMPLATE_FOLDER_ID,
    });
    for (const row of rows) {
      const parent = row.parent_id ? byId.get(row.parent_id) : null;
      expect(row.path).toBe(childPath(parent?.path, row.template_order));
      expect(row.lvl).toBe(levelOf(row.path));
    }
    const widgets = rows.filter((row) => row.widget_type !== null);
    expect(widgets.length).toBeGreaterThanOrEqual(6);
    expect(widgets.every((row) => row.parent_id === WIDGET_TEMPLATES_ROOT_ID)).toBe(true);
    expect(byId.get(IDS.cardGrid)).toMatchObject({
      widget_type: 'Container Widget',
      container_item_child_reference: IDS.card,
    });
    expect(byId.get(IDS.card)).toMatchObject({ widget_type: 'Container Item Widget' });
  });

  it('gives the media templates their fixed block ids, in the order of §3', async () => {
    const expected: Array<[string, string, Record<string, string>, string[]]> = [
      [
        IDS.image,
        'image-template',
        IMAGE_BLOCK_IDS,
        ['Item Name', 'Image', 'Alt Text', 'Caption', 'File Dimensions', 'File Size'],
      ],
      [IDS.video, 'video-template', VIDEO_BLOCK_IDS, ['Item Name', 'Video', 'Dimensions', 'Size']],
      [
        IDS.multiStreamVideo,
        'multi-stream-video-template',
        MULTI_STREAM_VIDEO_BLOCK_IDS,
        ['Item Name', 'Streaming Video', 'Video Poster', 'File Information'],
      ],
      [
        IDS.document,
        'document-template',
        DOCUMENT_BLOCK_IDS,
        ['Item Name', 'Document', 'File Size'],
      ],
    ];
    for (const [templateId, type, blockIds, names] of expected) {
      const res = await t.request({ method: 'GET', url: `/api/templates/${templateId}` });
      expect(res.statusCode).toBe(200);
      const template = res.json();
      expect(template.template_type_id).toBe(type);
      expect(Object.keys(template.template_blocks)).toEqual(Object.values(blockIds));
      expect(
        Object.values(template.template_blocks).map(
          (b) => (b as { block_name: string }).block_name,
        ),
      ).toEqual(names);
    }
  });

  it("lists a widget's references once content holds it", async () => {
    const none = await t.request({
      method: 'GET',
      url: `/api/templates/${IDS.heroBanner}/references`,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const home = await insertContent(t.db, {
      name: 'Home',
      templateId: IDS.page,
      widgetId: IDS.heroBanner,
    });
    const res = await t.request({
      method: 'GET',
      url: `/api/templates/${IDS.heroBanner}/references`,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({ content_id: home, content_name: 'Home', reference_type: 'widget' }),
    ]);
  });

  it("offers the page's zone widgets, but not the container item the grid makes", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/templates/${IDS.page}/widgetreferences`,
    });
    const ids = res.json().map((w: { template_id: string }) => w.template_id);
    expect(ids).toHaveLength(7);
    expect(ids).toContain(IDS.cardGrid);
    expect(ids).not.toContain(IDS.card);
  });

  it('exposes the field definition of each block for content saves', async () => {
    const definitions = await loadBlockDefinitions(t.db, [IDS.page, IDS.quote]);
    expect(definitions.get(PAGE_BLOCK_IDS.pageUrl)).toMatchObject({
      template_block_id: PAGE_BLOCK_IDS.pageUrl,
      block_name: 'Page URL',
      template_id: IDS.page,
      field: { field_type: 'Short Text', regex_validation: '^/[a-z0-9/-]*$' },
    });
    expect(definitions.get(PAGE_BLOCK_IDS.showInNavigation)?.field).toMatchObject({
      field_type: 'Checkbox',
      default_value: 'true',
    });
    expect(definitions.get(PAGE_BLOCK_IDS.mainZone)?.field?.allowed_widgets?.split('|')).toContain(
      IDS.quote,
    );
    expect(definitions.get(DEMO_TEMPLATES.blocks.quote.quote)?.field).toMatchObject({
      field_type: 'Long Text',
      is_required: 1,
    });
    expect(definitions.size).toBe(12 + 2);
  });
});
