/**
 * The demo templates: the fixed roots, a Page template with a dynamic zone, a content fragment,
 * a folder, the four media templates with their fixed block ids, and widget templates (among
 * them a Container Widget with its Container Item Widget). Every field type of §3 is used.
 * Safe to run again: whatever already exists is left as it is.
 */
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID, type FieldType } from '@canopy/core';
import { SYSTEM_ACTOR } from '../auth/actor';
import type { Db } from '../db/index';
import type { OpContext } from '../operations/context';
import { createBlock } from '../operations/templates/create-block';
import { createField, type NewTemplateField } from '../operations/templates/create-field';
import { createTemplate, type NewTemplate } from '../operations/templates/create-template';
import { findTemplate } from '../repositories/templates';
import { findBlock, findField } from '../repositories/templates-blocks';
import {
  ensureTemplateTypes,
  TEMPLATE_FOLDER_TYPE,
  WIDGET_TEMPLATE_TYPE,
} from '../repositories/templates-types';
import {
  CONTENT_FRAGMENT_BLOCK_IDS as FRAGMENT,
  DEMO_TEMPLATE_IDS as IDS,
  DEMO_TEMPLATES,
  DOCUMENT_BLOCK_IDS as DOCUMENT,
  FOLDER_BLOCK_IDS as FOLDER,
  IMAGE_BLOCK_IDS as IMAGE,
  MULTI_STREAM_VIDEO_BLOCK_IDS as STREAMING,
  PAGE_BLOCK_IDS as PAGE,
  seedFieldId,
  VIDEO_BLOCK_IDS as VIDEO,
  WIDGET_BLOCK_IDS as WIDGET,
  type DemoTemplates,
} from './templates-ids';

export * from './templates-ids';

type FieldSettings = Omit<NewTemplateField, 'block_id' | 'field_name' | 'field_type'>;

/** One block with one field of the same name (a block's first field is its definition). */
interface SeedBlock {
  block_id: string;
  name: string;
  type: FieldType;
  settings?: FieldSettings;
}

interface SeedTemplate extends Omit<NewTemplate, 'template_id'> {
  template_id: string;
  blocks?: SeedBlock[];
}

const PAGE_TAB = { edit_in_behavior: 'Page Properties Tab' } as const;
const SELECTED_TAB = { edit_in_behavior: 'Selected Tab' } as const;
const REQUIRED = { is_required: 1 } as const;

function itemName(blockId: string): SeedBlock {
  return {
    block_id: blockId,
    name: 'Item Name',
    type: 'Short Text',
    settings: { ...REQUIRED, ...PAGE_TAB },
  };
}
function readOnly(blockId: string, name: string): SeedBlock {
  return { block_id: blockId, name, type: 'Read Only', settings: PAGE_TAB };
}
function media(blockId: string, name: string, contentType: string, required = false): SeedBlock {
  return {
    block_id: blockId,
    name,
    type: 'Media Library Asset',
    settings: { ...PAGE_TAB, restrict_to_content_type: contentType, is_required: required ? 1 : 0 },
  };
}
function widget(
  templateId: string,
  name: string,
  fileLayout: string,
  icon: string,
  blocks: SeedBlock[],
  extra: Partial<NewTemplate> = {},
): SeedTemplate {
  return {
    template_id: templateId,
    template_name: name,
    template_type_id: WIDGET_TEMPLATE_TYPE,
    parent_id: WIDGET_TEMPLATES_ROOT_ID,
    widget_type: 'Block Widget',
    file_layout: fileLayout,
    custom_icon_class: icon,
    ...extra,
    blocks: blocks.map((block) => ({ ...block, settings: { ...SELECTED_TAB, ...block.settings } })),
  };
}

const W = WIDGET;
/** Widgets first: the page's dynamic zone can only allow widgets that exist. */
const WIDGETS: SeedTemplate[] = [
  widget(
    IDS.card,
    'Card',
    'card',
    'fa-square',
    [
      { block_id: W.card.title, name: 'Title', type: 'Short Text', settings: REQUIRED },
      { block_id: W.card.text, name: 'Text', type: 'Long Text' },
      {
        block_id: W.card.image,
        name: 'Image',
        type: 'Media Library Asset',
        settings: { restrict_to_content_type: 'image' },
      },
      {
        block_id: W.card.link,
        name: 'Link',
        type: 'Content Reference Picker',
        settings: { restrict_to_content_type: 'page' },
      },
    ],
    { widget_type: 'Container Item Widget' },
  ),
  widget(
    IDS.heroBanner,
    'Hero Banner',
    'hero-banner',
    'fa-image',
    [
      { block_id: W.heroBanner.heading, name: 'Heading', type: 'Short Text', settings: REQUIRED },
      { block_id: W.heroBanner.subheading, name: 'Subheading', type: 'Long Text' },
      {
        block_id: W.heroBanner.backgroundImage,
        name: 'Background Image',
        type: 'Media Library Asset',
        settings: { restrict_to_content_type: 'image' },
      },
      {
        block_id: W.heroBanner.link,
        name: 'Link',
        type: 'Content Reference Picker',
        settings: { restrict_to_content_type: 'page' },
      },
    ],
    { widget_template_data: { heights: ['medium', 'large'], defaultHeight: 'large' } },
  ),
  widget(IDS.richTextBlock, 'Rich Text Block', 'rich-text-block', 'fa-align-left', [
    { block_id: W.richTextBlock.heading, name: 'Heading', type: 'Short Text' },
    { block_id: W.richTextBlock.body, name: 'Body', type: 'Rich Text', settings: REQUIRED },
  ]),
  widget(IDS.callToAction, 'Call To Action', 'call-to-action', 'fa-bullhorn', [
    {
      block_id: W.callToAction.label,
      name: 'Label',
      type: 'Short Text',
      settings: { ...REQUIRED, tool_tip: 'The text on the button' },
    },
    {
      block_id: W.callToAction.link,
      name: 'Link',
      type: 'Content Reference Picker',
      settings: REQUIRED,
    },
    {
      block_id: W.callToAction.style,
      name: 'Style',
      type: 'Dropdown',
      settings: { field_values: 'primary|secondary|link', default_value: 'primary' },
    },
    {
      block_id: W.callToAction.openInNewTab,
      name: 'Open In New Tab',
      type: 'Checkbox',
      settings: { default_value: 'false' },
    },
  ]),
  widget(IDS.imageWithCaption, 'Image With Caption', 'image-with-caption', 'fa-camera', [
    {
      block_id: W.imageWithCaption.image,
      name: 'Image',
      type: 'Media Library Asset',
      settings: { ...REQUIRED, restrict_to_content_type: 'image' },
    },
    { block_id: W.imageWithCaption.caption, name: 'Caption', type: 'Long Text' },
  ]),
  widget(IDS.quote, 'Quote', 'quote', 'fa-quote-left', [
    { block_id: W.quote.quote, name: 'Quote', type: 'Long Text', settings: REQUIRED },
    { block_id: W.quote.attribution, name: 'Attribution', type: 'Short Text' },
  ]),
  widget(
    IDS.cardGrid,
    'Card Grid',
    'card-grid',
    'fa-th-large',
    [
      { block_id: W.cardGrid.heading, name: 'Heading', type: 'Short Text' },
      {
        block_id: W.cardGrid.columns,
        name: 'Columns',
        type: 'Dropdown',
        settings: { field_values: '2|3|4', default_value: '3' },
      },
    ],
    {
      widget_type: 'Container Widget',
      container_item_child_reference: IDS.card,
      widget_template_data: { itemTemplate: 'Card' },
    },
  ),
  widget(IDS.newsletterSignup, 'Newsletter Signup', 'newsletter-signup', 'fa-envelope', [
    { block_id: W.newsletterSignup.heading, name: 'Heading', type: 'Short Text' },
    {
      block_id: W.newsletterSignup.app,
      name: 'Newsletter App',
      type: 'Micro-app Reference Picker',
      settings: { ...REQUIRED, microapp_id: 'newsletter', microapp_version: '1' },
    },
  ]),
];

/** The widgets a page's Main Zone allows: every widget but the container item (the grid makes those). */
const ZONE_WIDGETS = WIDGETS.filter((w) => w.widget_type !== 'Container Item Widget').map(
  (w) => w.template_id,
);

const TEMPLATES: SeedTemplate[] = [
  {
    template_id: IDS.page,
    template_name: 'Page',
    template_type_id: 'page-template',
    parent_id: TEMPLATE_FOLDER_ID,
    file_layout: 'page',
    custom_icon_class: 'fa-file-alt',
    childLevelsNeeded: 1,
    blocks: [
      itemName(PAGE.itemName),
      {
        block_id: PAGE.pageUrl,
        name: 'Page URL',
        type: 'Short Text',
        settings: {
          ...REQUIRED,
          ...PAGE_TAB,
          regex_validation: '^/[a-z0-9/-]*$',
          validation_message:
            'A page URL starts with / and uses only lowercase letters, digits, - and /',
          tool_tip: 'For example /about/team',
        },
      },
      { block_id: PAGE.title, name: 'Title', type: 'Short Text', settings: PAGE_TAB },
      { block_id: PAGE.summary, name: 'Summary', type: 'Long Text', settings: PAGE_TAB },
      { block_id: PAGE.body, name: 'Body', type: 'Rich Text' },
      {
        block_id: PAGE.showInNavigation,
        name: 'Show In Navigation',
        type: 'Checkbox',
        settings: { ...PAGE_TAB, default_value: 'true' },
      },
      {
        block_id: PAGE.theme,
        name: 'Theme',
        type: 'Dropdown',
        settings: { ...PAGE_TAB, field_values: 'light|dark|brand', default_value: 'light' },
      },
      media(PAGE.heroImage, 'Hero Image', 'image'),
      {
        block_id: PAGE.relatedPage,
        name: 'Related Page',
        type: 'Content Reference Picker',
        settings: { ...PAGE_TAB, restrict_to_content_type: 'page' },
      },
      {
        block_id: PAGE.newsletterApp,
        name: 'Newsletter App',
        type: 'Micro-app Reference Picker',
        settings: { ...PAGE_TAB, microapp_id: 'newsletter', microapp_version: '1' },
      },
      readOnly(PAGE.lastReviewedBy, 'Last Reviewed By'),
      {
        block_id: PAGE.mainZone,
        name: 'Main Zone',
        type: 'Dynamic Zone',
        settings: { allowed_widgets: ZONE_WIDGETS.join('|') },
      },
    ],
  },
  {
    template_id: IDS.contentFragment,
    template_name: 'Content Fragment',
    template_type_id: 'content-fragment-template',
    parent_id: TEMPLATE_FOLDER_ID,
    file_layout: 'content-fragment',
    custom_icon_class: 'fa-puzzle-piece',
    blocks: [
      itemName(FRAGMENT.itemName),
      { block_id: FRAGMENT.heading, name: 'Heading', type: 'Short Text', settings: PAGE_TAB },
      { block_id: FRAGMENT.body, name: 'Body', type: 'Rich Text' },
    ],
  },
  {
    template_id: IDS.folder,
    template_name: 'Folder',
    template_type_id: 'folder-template',
    parent_id: TEMPLATE_FOLDER_ID,
    custom_icon_class: 'fa-folder',
    blocks: [itemName(FOLDER.itemName)],
  },
  {
    template_id: IDS.mediaTemplates,
    template_name: 'Media Templates',
    template_type_id: TEMPLATE_FOLDER_TYPE,
    parent_id: TEMPLATE_FOLDER_ID,
    allowed_template_type: `image-template,video-template,multi-stream-video-template,document-template,${TEMPLATE_FOLDER_TYPE}`,
  },
  {
    template_id: IDS.image,
    template_name: 'Image',
    template_type_id: 'image-template',
    parent_id: IDS.mediaTemplates,
    file_layout: 'image',
    blocks: [
      itemName(IMAGE.itemName),
      media(IMAGE.image, 'Image', 'image', true),
      { block_id: IMAGE.altText, name: 'Alt Text', type: 'Short Text', settings: PAGE_TAB },
      { block_id: IMAGE.caption, name: 'Caption', type: 'Long Text', settings: PAGE_TAB },
      readOnly(IMAGE.fileDimensions, 'File Dimensions'),
      readOnly(IMAGE.fileSize, 'File Size'),
    ],
  },
  {
    template_id: IDS.video,
    template_name: 'Video',
    template_type_id: 'video-template',
    parent_id: IDS.mediaTemplates,
    file_layout: 'video',
    blocks: [
      itemName(VIDEO.itemName),
      media(VIDEO.video, 'Video', 'video', true),
      readOnly(VIDEO.dimensions, 'Dimensions'),
      readOnly(VIDEO.size, 'Size'),
    ],
  },
  {
    template_id: IDS.multiStreamVideo,
    template_name: 'Multi-Stream Video',
    template_type_id: 'multi-stream-video-template',
    parent_id: IDS.mediaTemplates,
    file_layout: 'multi-stream-video',
    blocks: [
      itemName(STREAMING.itemName),
      media(STREAMING.streamingVideo, 'Streaming Video', 'multi-stream-video', true),
      media(STREAMING.videoPoster, 'Video Poster', 'image'),
      readOnly(STREAMING.fileInformation, 'File Information'),
    ],
  },
  {
    template_id: IDS.document,
    template_name: 'Document',
    template_type_id: 'document-template',
    parent_id: IDS.mediaTemplates,
    file_layout: 'document',
    blocks: [
      itemName(DOCUMENT.itemName),
      media(DOCUMENT.document, 'Document', 'document', true),
      readOnly(DOCUMENT.fileSize, 'File Size'),
    ],
  },
];

/** Creates the template types and demo templates that are missing; returns their fixed ids. */
export async function seedTemplates(db: Db): Promise<DemoTemplates> {
  const ctx: OpContext = { db, actor: SYSTEM_ACTOR };
  await ensureTemplateTypes(db);
  await ensureTemplateFolder(db);
  await seedTemplate(ctx, {
    template_id: WIDGET_TEMPLATES_ROOT_ID,
    template_name: 'Widget Templates',
    template_type_id: TEMPLATE_FOLDER_TYPE,
    parent_id: TEMPLATE_FOLDER_ID,
    custom_icon_class: 'fa-cubes',
    allowed_template_type: `${WIDGET_TEMPLATE_TYPE},${TEMPLATE_FOLDER_TYPE}`,
  });
  for (const template of [...WIDGETS, ...TEMPLATES]) await seedTemplate(ctx, template);
  return DEMO_TEMPLATES;
}

/** The top of the template tree has no parent, so no operation creates it. */
async function ensureTemplateFolder(db: Db): Promise<void> {
  if (await findTemplate(db, TEMPLATE_FOLDER_ID)) return;
  const stamp = new Date().toISOString();
  await db
    .insertInto('templates')
    .values({
      template_id: TEMPLATE_FOLDER_ID,
      template_name: 'Templates',
      template_type_id: TEMPLATE_FOLDER_TYPE,
      parent_id: null,
      template_order: 1,
      path: '01',
      lvl: 1,
      file_layout: null,
      widget_type: null,
      custom_icon_class: 'fa-folder-open',
      container_item_child_reference: null,
      widget_template_data: null,
      child_levels_needed: 0,
      allowed_content_type: '',
      allowed_template_type: '',
      is_active: 1,
      created_by: SYSTEM_ACTOR.username,
      created_date: stamp,
      updated_date: stamp,
      updated_by: SYSTEM_ACTOR.username,
    })
    .execute();
}

async function seedTemplate(ctx: OpContext, { blocks = [], ...template }: SeedTemplate) {
  if (!(await findTemplate(ctx.db, template.template_id))) await createTemplate(ctx, template);
  for (const block of blocks) {
    if (!(await findBlock(ctx.db, block.block_id))) {
      await createBlock(ctx, {
        block_id: block.block_id,
        template_id: template.template_id,
        block_name: block.name,
      });
    }
    const fieldId = seedFieldId(block.block_id);
    if (!(await findField(ctx.db, fieldId))) {
      await createField(ctx, {
        ...block.settings,
        field_id: fieldId,
        block_id: block.block_id,
        field_name: block.name,
        field_type: block.type,
      });
    }
  }
}
