/** A page with one zone, and the widget templates its blocks use, for the zone editor's tests. */
import {
  BLANK_FIELD_DEFINITION,
  type Template,
  type TemplateBlock,
  type TemplateFieldDefinition,
} from '@canopy/core';
import type { DraftBlock, DraftContent } from '@canopy/ui/draft';

export const ZONE_BLOCK = 'zone-tb';
export const ZONE_FIELD = 'zone-field';
export const REGION = 'region-1';
export const IDS = {
  hero: 'block-hero',
  quote: 'block-quote',
  grid: 'block-grid',
  itemA: 'item-a',
  itemB: 'item-b',
  card: 'block-card',
} as const;

export function definition(
  block_id: string,
  field_name: string,
  field_type: string,
  extra: Partial<TemplateFieldDefinition> = {},
): TemplateFieldDefinition {
  return {
    ...BLANK_FIELD_DEFINITION,
    field_id: `${block_id}-def`,
    block_id,
    field_type,
    field_name,
    ...extra,
  };
}

function templateBlock(
  template_id: string,
  block_id: string,
  name: string,
  order: number,
  extra: Partial<TemplateFieldDefinition> = {},
): TemplateBlock {
  return {
    block_id,
    template_id,
    block_name: name,
    block_order: order,
    template_fields: {
      [name]: definition(block_id, name, 'Short Text', extra),
    },
  };
}

export function widget(
  template_id: string,
  template_name: string,
  fields: [string, Partial<TemplateFieldDefinition>?][],
  extra: Partial<Template> = {},
): Template {
  return {
    template_id,
    template_name,
    template_type_id: 'widget-template',
    parent_id: null,
    template_order: 1,
    template_blocks: Object.fromEntries(
      fields.map(([name, def], i) => {
        const id = `${template_id}:${name.toLowerCase()}`;
        return [id, templateBlock(template_id, id, name, i + 1, def)];
      }),
    ),
    file_layout: null,
    widget_type: 'Block Widget',
    custom_icon_class: null,
    container_item_child_reference: null,
    widget_template_data: null,
    childLevelsNeeded: 0,
    allowed_content_type: '',
    allowed_template_type: '',
    updated_date: '2026-11-01T10:00:00Z',
    updated_by: null,
    ...extra,
  };
}

export const WIDGETS = {
  hero: widget('w-hero', 'Hero Banner', [['Heading'], ['Subheading']]),
  quote: widget('w-quote', 'Quote', [['Quote'], ['Attribution']]),
  card: widget('w-card', 'Card', [['Title', { default_value: 'Untitled' }]], {
    widget_type: 'Container Item Widget',
  }),
  grid: widget('w-grid', 'Card Grid', [['Heading']], {
    widget_type: 'Container Widget',
    container_item_child_reference: 'w-card',
  }),
};

/** The zone field's definition: it allows the hero, the quote and the grid. */
export const ZONE_DEFINITION = definition(ZONE_BLOCK, 'Main Zone', 'Dynamic Zone', {
  allowed_widgets: 'w-hero|w-quote|w-grid',
});

export const PAGE_TEMPLATE: Template = {
  ...widget('t-page', 'Page', []),
  template_type_id: 'page-template',
  widget_type: null,
  template_blocks: {
    [ZONE_BLOCK]: {
      block_id: ZONE_BLOCK,
      template_id: 't-page',
      block_name: 'Main Zone',
      block_order: 1,
      template_fields: { 'Main Zone': ZONE_DEFINITION },
    },
  },
};

function block(block_id: string, template: Template, values: Record<string, string>): DraftBlock {
  return {
    block_id,
    region_id: REGION,
    template_id: template.template_id,
    version: 1,
    content_block_order: 1,
    file_layout: null,
    content_blocks_fields: Object.fromEntries(
      Object.keys(template.template_blocks).map((tb) => [
        tb,
        {
          field_id: `${block_id}:${tb}`,
          block_id,
          template_block_id: tb,
          field_value: values[tb] ?? null,
          version: 1,
        },
      ]),
    ),
  };
}

/** Hero, quote, then a card grid whose first item holds a card (the demo Home's shape). */
export function pageDraft(): DraftContent {
  return {
    content_id: 'page-1',
    content_name: 'Home',
    content_type_id: 'page',
    template_id: 't-page',
    parent_id: null,
    parent_version: null,
    content_order: 1,
    publish_date: '1970-01-01 12:00',
    unpublish_date: '1970-01-01 12:00',
    version: 1,
    status_id: 'draft',
    is_active: 1,
    is_locked: 1,
    locked_by: 'nina',
    copied_from: null,
    site_id: null,
    updated_date: '2026-11-01T10:00:00Z',
    updated_by: 'nina',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    media_library_directory: null,
    page_url: '/',
    content_ref: null,
    content_fields: {
      [ZONE_BLOCK]: {
        field_id: ZONE_FIELD,
        content_id: 'page-1',
        template_block_id: ZONE_BLOCK,
        version: 1,
        field_value: null,
        content_ref: null,
        referenced_data_collection: null,
        dynamic_content_regions: {
          [REGION]: {
            region_id: REGION,
            field_id: ZONE_FIELD,
            version: 1,
            region_value: {
              id: REGION,
              type: 'dynamicZone',
              blocks: [
                { id: IDS.hero },
                { id: IDS.quote },
                {
                  id: IDS.grid,
                  type: 'container',
                  blocks: [
                    {
                      id: IDS.itemA,
                      type: 'containerItem',
                      blocks: [{ id: IDS.card }],
                    },
                    { id: IDS.itemB, type: 'containerItem', blocks: [] },
                  ],
                },
              ],
            },
            content_blocks: {
              [IDS.hero]: block(IDS.hero, WIDGETS.hero, {
                'w-hero:heading': 'Grow with Canopy',
              }),
              [IDS.quote]: block(IDS.quote, WIDGETS.quote, {
                'w-quote:quote': 'Ship it.',
              }),
              [IDS.grid]: block(IDS.grid, WIDGETS.grid, {
                'w-grid:heading': 'Start here',
              }),
              [IDS.card]: block(IDS.card, WIDGETS.card, {
                'w-card:title': 'Consulting',
              }),
            },
          },
        },
      },
    },
  };
}

/** Ids 'new-1', 'new-2'... in order. */
export function sequentialIds(prefix = 'new'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
