/**
 * Fixed ids of the demo templates and of their template blocks, so the content seed, the media
 * feature, scripts and tests can name them. The media template blocks are part of the contract
 * (§3: each media type has fixed template-block ids). They start with 7e; template ids end in
 * 000000000TTT, block ids in 000000TTTBBB (template TTT, block BBB).
 */
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import {
  DOCUMENT_BLOCK_IDS,
  IMAGE_BLOCK_IDS,
  MULTI_STREAM_VIDEO_BLOCK_IDS,
  VIDEO_BLOCK_IDS,
} from '../operations/media/block-ids';

// The media types' blocks are the media feature's; named here too with the demo templates' others.
export { DOCUMENT_BLOCK_IDS, IMAGE_BLOCK_IDS, MULTI_STREAM_VIDEO_BLOCK_IDS, VIDEO_BLOCK_IDS };

export const DEMO_TEMPLATE_IDS = {
  templateFolder: TEMPLATE_FOLDER_ID,
  widgetTemplates: WIDGET_TEMPLATES_ROOT_ID,
  page: '7e000000-0000-4000-8000-000000000101',
  contentFragment: '7e000000-0000-4000-8000-000000000102',
  folder: '7e000000-0000-4000-8000-000000000103',
  mediaTemplates: '7e000000-0000-4000-8000-000000000200',
  image: '7e000000-0000-4000-8000-000000000201',
  video: '7e000000-0000-4000-8000-000000000202',
  multiStreamVideo: '7e000000-0000-4000-8000-000000000203',
  document: '7e000000-0000-4000-8000-000000000204',
  heroBanner: '7e000000-0000-4000-8000-000000000301',
  richTextBlock: '7e000000-0000-4000-8000-000000000302',
  callToAction: '7e000000-0000-4000-8000-000000000303',
  imageWithCaption: '7e000000-0000-4000-8000-000000000304',
  quote: '7e000000-0000-4000-8000-000000000305',
  cardGrid: '7e000000-0000-4000-8000-000000000306',
  card: '7e000000-0000-4000-8000-000000000307',
  newsletterSignup: '7e000000-0000-4000-8000-000000000308',
} as const;

export const PAGE_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000101001',
  pageUrl: '7e000000-0000-4000-8000-000000101002',
  title: '7e000000-0000-4000-8000-000000101003',
  summary: '7e000000-0000-4000-8000-000000101004',
  body: '7e000000-0000-4000-8000-000000101005',
  showInNavigation: '7e000000-0000-4000-8000-000000101006',
  theme: '7e000000-0000-4000-8000-000000101007',
  heroImage: '7e000000-0000-4000-8000-000000101008',
  relatedPage: '7e000000-0000-4000-8000-000000101009',
  newsletterApp: '7e000000-0000-4000-8000-000000101010',
  lastReviewedBy: '7e000000-0000-4000-8000-000000101011',
  mainZone: '7e000000-0000-4000-8000-000000101012',
} as const;

export const CONTENT_FRAGMENT_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000102001',
  heading: '7e000000-0000-4000-8000-000000102002',
  body: '7e000000-0000-4000-8000-000000102003',
} as const;

export const FOLDER_BLOCK_IDS = {
  itemName: '7e000000-0000-4000-8000-000000103001',
} as const;

/** The template blocks of each demo widget template. */
export const WIDGET_BLOCK_IDS = {
  heroBanner: {
    heading: '7e000000-0000-4000-8000-000000301001',
    subheading: '7e000000-0000-4000-8000-000000301002',
    backgroundImage: '7e000000-0000-4000-8000-000000301003',
    link: '7e000000-0000-4000-8000-000000301004',
  },
  richTextBlock: {
    heading: '7e000000-0000-4000-8000-000000302001',
    body: '7e000000-0000-4000-8000-000000302002',
  },
  callToAction: {
    label: '7e000000-0000-4000-8000-000000303001',
    link: '7e000000-0000-4000-8000-000000303002',
    style: '7e000000-0000-4000-8000-000000303003',
    openInNewTab: '7e000000-0000-4000-8000-000000303004',
  },
  imageWithCaption: {
    image: '7e000000-0000-4000-8000-000000304001',
    caption: '7e000000-0000-4000-8000-000000304002',
  },
  quote: {
    quote: '7e000000-0000-4000-8000-000000305001',
    attribution: '7e000000-0000-4000-8000-000000305002',
  },
  cardGrid: {
    heading: '7e000000-0000-4000-8000-000000306001',
    columns: '7e000000-0000-4000-8000-000000306002',
  },
  card: {
    title: '7e000000-0000-4000-8000-000000307001',
    text: '7e000000-0000-4000-8000-000000307002',
    image: '7e000000-0000-4000-8000-000000307003',
    link: '7e000000-0000-4000-8000-000000307004',
  },
  newsletterSignup: {
    heading: '7e000000-0000-4000-8000-000000308001',
    app: '7e000000-0000-4000-8000-000000308002',
  },
} as const;

/** What seedTemplates returns: every fixed id the content seed needs. */
export const DEMO_TEMPLATES = {
  templates: DEMO_TEMPLATE_IDS,
  blocks: {
    page: PAGE_BLOCK_IDS,
    contentFragment: CONTENT_FRAGMENT_BLOCK_IDS,
    folder: FOLDER_BLOCK_IDS,
    image: IMAGE_BLOCK_IDS,
    video: VIDEO_BLOCK_IDS,
    multiStreamVideo: MULTI_STREAM_VIDEO_BLOCK_IDS,
    document: DOCUMENT_BLOCK_IDS,
    ...WIDGET_BLOCK_IDS,
  },
} as const;
export type DemoTemplates = typeof DEMO_TEMPLATES;

/** A template field's fixed id: its block's id with the variant group 9000 instead of 8000. */
export function seedFieldId(blockId: string): string {
  return blockId.replace('-4000-8000-', '-4000-9000-');
}
