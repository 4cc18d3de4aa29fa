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
const IMAGES = { restrict_to_content_type: 'image' } as const;
const PAGES = { restrict_to_content_type: 'page' } as const;
const NEWSLETTER_APP = { microapp_id: 'newsletter', microapp_version: '1' } as const;

function block(
  block_id: string,
  name: string,
  type: FieldType,
  settings?: FieldSettings,
): SeedBlock {
  return { block_id, name, type, settings };
}
const itemName = (blockId: string) =>
  block(blockId, 'Item Name', 'Short Text', { ...REQUIRED, ...PAGE_TAB });
const readOnly = (blockId: string, name: string) => block(blockId, name, 'Read Only', PAGE_TAB);
const media = (blockId: string, name: string, contentType: string, required = false) =>
  block(blockId, name, 'Media Library Asset', {
    ...PAGE_TAB,
    restrict_to_content_type: contentType,
    is_required: required ? 1 : 0,
  });

/** A widget under the widget-templates root; its fields are edited in the Selected tab. */
function widget(
  template: Pick<SeedTemplate, 'template_id' | 'template_name' | 'file_layout'> &
    Partial<SeedTemplate>,
  blocks: SeedBlock[],
): SeedTemplate {
  return {
    template_type_id: WIDGET_TEMPLATE_TYPE,
    parent_id: WIDGET_TEMPLATES_ROOT_ID,
    widget_type: 'Block Widget',
    ...template,
    blocks: blocks.map((b) => ({ ...b, settings: { ...SELECTED_TAB, ...b.settings } })),
  };
}

const W = WIDGET;
/** Widgets first: the page's dynamic zone can only allow widgets that exist. */
const WIDGETS: SeedTemplate[] = [
  widget(
    {
      template_id: IDS.card,
      template_name: 'Card',
      file_layout: 'card',
      custom_icon_class: 'fa-square',
      widget_type: 'Container Item Widget',
    },
    [
      block(W.card.title, 'Title', 'Short Text', REQUIRED),
      block(W.card.text, 'Text', 'Long Text'),
      block(W.card.image, 'Image', 'Media Library Asset', IMAGES),
      block(W.card.link, 'Link', 'Content Reference Picker', PAGES),
    ],
  ),
  widget(
    {
      template_id: IDS.heroBanner,
      template_name: 'Hero Banner',
      file_layout: 'hero-banner',
      custom_icon_class: 'fa-image',
      widget_template_data: { heights: ['medium', 'large'], defaultHeight: 'large' },
    },
    [
      block(W.heroBanner.heading, 'Heading', 'Short Text', REQUIRED),
      block(W.heroBanner.subheading, 'Subheading', 'Long Text'),
      block(W.heroBanner.backgroundImage, 'Background Image', 'Media Library Asset', IMAGES),
      block(W.heroBanner.link, 'Link', 'Content Reference Picker', PAGES),
    ],
  ),
  widget(
    {
      template_id: IDS.richTextBlock,
      template_name: 'Rich Text Block',
      file_layout: 'rich-text-block',
      custom_icon_class: 'fa-align-left',
    },
    [
      block(W.richTextBlock.heading, 'Heading', 'Short Text'),
      block(W.richTextBlock.body, 'Body', 'Rich Text', REQUIRED),
    ],
  ),
  widget(
    {
      template_id: IDS.callToAction,
      template_name: 'Call To Action',
      file_layout: 'call-to-action',
      custom_icon_class: 'fa-bullhorn',
    },
    [
      block(W.callToAction.label, 'Label', 'Short Text', {
        ...REQUIRED,
        tool_tip: 'The text on the button',
      }),
      block(W.callToAction.link, 'Link', 'Content Reference Picker', REQUIRED),
      block(W.callToAction.style, 'Style', 'Dropdown', {
        field_values: 'primary|secondary|link',
        default_value: 'primary',
      }),
      block(W.callToAction.openInNewTab, 'Open In New Tab', 'Checkbox', { default_value: 'false' }),
    ],
  ),
  widget(
    {
      template_id: IDS.imageWithCaption,
      template_name: 'Image With Caption',
      file_layout: 'image-with-caption',
      custom_icon_class: 'fa-camera',
    },
    [
      block(W.imageWithCaption.image, 'Image', 'Media Library Asset', { ...REQUIRED, ...IMAGES }),
      block(W.imageWithCaption.caption, 'Caption', 'Long Text'),
    ],
  ),
  widget(
    {
      template_id: IDS.quote,
      template_name: 'Quote',
      file_layout: 'quote',
      custom_icon_class: 'fa-quote-left',
    },
    [
      block(W.quote.quote, 'Quote', 'Long Text', REQUIRED),
      block(W.quote.attribution, 'Attribution', 'Short Text'),
    ],
  ),
  widget(
    {
      template_id: IDS.cardGrid,
      template_name: 'Card Grid',
      file_layout: 'card-grid',
      custom_icon_class: 'fa-th-large',
      widget_type: 'Container Widget',
      container_item_child_reference: IDS.card,
      widget_template_data: { itemTemplate: 'Card' },
    },
    [
      block(W.cardGrid.heading, 'Heading', 'Short Text'),
      block(W.cardGrid.columns, 'Columns', 'Dropdown', {
        field_values: '2|3|4',
        default_value: '3',
      }),
    ],
  ),
  widget(
    {
      template_id: IDS.newsletterSignup,
      template_name: 'Newsletter Signup',
      file_layout: 'newsletter-signup',
      custom_icon_class: 'fa-envelope',
    },
    [
      block(W.newsletterSignup.heading, 'Heading', 'Short Text'),
      block(W.newsletterSignup.app, 'Newsletter App', 'Micro-app Reference Picker', {
        ...REQUIRED,
        ...NEWSLETTER_APP,
      }),
    ],
  ),
];

/** The widgets a page's Main Zone allows: all but the container item (the grid makes those). */
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
      block(PAGE.pageUrl, 'Page URL', 'Short Text', {
        ...REQUIRED,
        ...PAGE_TAB,
        regex_validation: '^/[a-z0-9/-]*$',
        validation_message:
          'A page URL starts with / and uses only lowercase letters, digits, - and /',
        tool_tip: 'For example /about/team',
      }),
      block(PAGE.title, 'Title', 'Short Text', PAGE_TAB),
      block(PAGE.summary, 'Summary', 'Long Text', PAGE_TAB),
      block(PAGE.body, 'Body', 'Rich Text'),
      block(PAGE.showInNavigation, 'Show In Navigation', 'Checkbox', {
        ...PAGE_TAB,
        default_value: 'true',
      }),
      block(PAGE.theme, 'Theme', 'Dropdown', {
        ...PAGE_TAB,
        field_values: 'light|dark|brand',
        default_value: 'light',
      }),
      media(PAGE.heroImage, 'Hero Image', 'image'),
      block(PAGE.relatedPage, 'Related Page', 'Content Reference Picker', {
        ...PAGE_TAB,
        ...PAGES,
      }),
      block(PAGE.newsletterApp, 'Newsletter App', 'Micro-app Reference Picker', {
        ...PAGE_TAB,
        ...NEWSLETTER_APP,
      }),
      readOnly(PAGE.lastReviewedBy, 'Last Reviewed By'),
      block(PAGE.mainZone, 'Main Zone', 'Dynamic Zone', {
        allowed_widgets: ZONE_WIDGETS.join('|'),
      }),
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
      block(FRAGMENT.heading, 'Heading', 'Short Text', PAGE_TAB),
      block(FRAGMENT.body, 'Body', 'Rich Text'),
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
    allowed_template_type: [
      'image-template',
      'video-template',
      'multi-stream-video-template',
      'document-template',
      TEMPLATE_FOLDER_TYPE,
    ].join(','),
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
      block(IMAGE.altText, 'Alt Text', 'Short Text', PAGE_TAB),
      block(IMAGE.caption, 'Caption', 'Long Text', PAGE_TAB),
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
