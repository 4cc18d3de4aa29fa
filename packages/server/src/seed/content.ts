/**
 * The demo site: a corporate site of twelve pages in a three-level tree, a content fragment, the
 * media-library root, and versions in all three statuses. Built through the same operations an
 * editor uses, so the demo obeys every rule the API enforces.
 */
import { randomUUID } from 'node:crypto';
import { MEDIA_LIBRARY_ROOT_ID, type Content } from '@canopy/core';
import { SYSTEM_ACTOR } from '../auth/actor';
import type { Db } from '../db/index';
import type { OpContext } from '../operations/context';
import { now } from '../operations/context';
import { createContent } from '../operations/contents/create-content';
import { createDraft } from '../operations/contents/create-draft';
import { createInitialFields } from '../operations/contents/initial-fields';
import { readContentVersion } from '../operations/contents/get-content';
import { saveContent } from '../operations/contents/save-content';
import type { Changes } from '../schemas/changes';
import { DEMO_TEMPLATES } from './templates-ids';
import { DEMO_NEWSLETTER_INSTANCE_ID, seedMicroapps } from './microapps';
import type { DemoMedia } from './media';
import { seedDemoPermissions } from './permissions';

const T = DEMO_TEMPLATES.templates;
const B = DEMO_TEMPLATES.blocks;

export const DEMO_SITE_ID = '7e000000-0000-4000-8000-00000000a001';
export const DEMO_HOME_ID = '7e000000-0000-4000-8000-00000000a002';
export const DEMO_SITE_NAME = 'Canopy Demo';

interface PageSpec {
  name: string;
  url: string;
  title: string;
  summary: string;
  children?: PageSpec[];
}

const PAGES: PageSpec[] = [
  {
    name: 'About',
    url: '/about',
    title: 'About Canopy Corp',
    summary: 'Who we are and how we work.',
    children: [
      {
        name: 'Team',
        url: '/about/team',
        title: 'Our team',
        summary: 'The people behind the work.',
      },
      {
        name: 'History',
        url: '/about/history',
        title: 'Our history',
        summary: 'Twenty years in a paragraph.',
      },
    ],
  },
  {
    name: 'Services',
    url: '/services',
    title: 'Services',
    summary: 'What we can do for you.',
    children: [
      {
        name: 'Consulting',
        url: '/services/consulting',
        title: 'Consulting',
        summary: 'Strategy and delivery.',
      },
      {
        name: 'Support',
        url: '/services/support',
        title: 'Support',
        summary: 'Help when you need it.',
        children: [
          {
            name: 'Support Plans',
            url: '/services/support/plans',
            title: 'Support plans',
            summary: 'Bronze, silver, gold.',
          },
        ],
      },
    ],
  },
  {
    name: 'News',
    url: '/news',
    title: 'News',
    summary: 'The latest from Canopy Corp.',
    children: [
      {
        name: 'Canopy Launch',
        url: '/news/canopy-launch',
        title: 'We launched',
        summary: 'A new site for a new year.',
      },
    ],
  },
  { name: 'Careers', url: '/careers', title: 'Careers', summary: 'Come and work with us.' },
  { name: 'Contact', url: '/contact', title: 'Contact us', summary: 'Phone, mail and a map.' },
];

function field(
  content: Content,
  templateBlockId: string,
  value: string | null,
  extra: { content_ref?: string } = {},
) {
  return {
    field_id: content.content_fields[templateBlockId]!.field_id,
    field_value: value,
    cmsItemStatus: { edited: true },
    ...extra,
  };
}

async function insertRoot(
  db: Db,
  item: {
    content_id: string;
    name: string;
    order: number;
    siteId: string | null;
    templateId: string;
    type: string;
    allowed: string;
  },
) {
  const stamp = now();
  const path = String(item.order).padStart(2, '0');
  await db
    .insertInto('content_items')
    .values({
      content_id: item.content_id,
      site_id: item.siteId,
      parent_id: null,
      content_order: item.order,
      path,
      lvl: 1,
      content_type_id: item.type,
      template_id: item.templateId,
      content_name: item.name,
      is_active: 1,
      locked_by: null,
      custom_icon: null,
      allowed_content_type: item.allowed,
      allowed_template_type: '',
      media_library_directory: item.content_id === MEDIA_LIBRARY_ROOT_ID ? 'media' : null,
      page_url: item.type === 'page' ? '/' : null,
      media_url: null,
      created_by: SYSTEM_ACTOR.username,
      created_date: stamp,
    })
    .execute();
  await db
    .insertInto('content_versions')
    .values({
      content_id: item.content_id,
      version: 1,
      status_id: 'draft',
      content_name: item.name,
      page_url: item.type === 'page' ? '/' : null,
      publish_date: '1970-01-01 12:00',
      unpublish_date: '1970-01-01 12:00',
      copied_from: null,
      parent_version: null,
      updated_date: stamp,
      updated_by: SYSTEM_ACTOR.username,
    })
    .execute();
  await createInitialFields(db, {
    content_id: item.content_id,
    template_id: item.templateId,
    name: item.name,
    page_url: item.type === 'page' ? '/' : null,
  });
}

/** The Home page's zone: a hero banner, a rich text block and a card grid with its two cards. */
function homeZone(home: Content, files?: DemoMedia): Partial<Changes> {
  const zone = Object.values(home.content_fields[B.page.mainZone]!.dynamic_content_regions)[0]!;
  const hero = randomUUID();
  const text = randomUUID();
  const grid = randomUUID();
  const cards = [randomUUID(), randomUUID()];
  const items = [randomUUID(), randomUUID()];
  const create = { create: true };
  const block = (block_id: string, template_id: string) => ({
    block_id,
    region_id: zone.region_id,
    template_id,
    cmsItemStatus: create,
  });
  const value = (block_id: string, template_block_id: string, field_value: string) => ({
    field_id: randomUUID(),
    block_id,
    template_block_id,
    field_value,
    cmsItemStatus: create,
  });
  return {
    dynamic_content_regions: [
      {
        region_id: zone.region_id,
        cmsItemStatus: { edited: true },
        region_value: {
          id: zone.region_id,
          type: 'dynamicZone',
          blocks: [
            { id: hero },
            { id: text },
            {
              id: grid,
              type: 'container',
              blocks: items.map((id, i) => ({
                id,
                type: 'containerItem',
                blocks: [{ id: cards[i] }],
              })),
            },
          ],
        },
      },
    ],
    content_blocks: [
      block(hero, T.heroBanner),
      block(text, T.richTextBlock),
      block(grid, T.cardGrid),
      ...cards.map((id) => block(id, T.card)),
    ],
    content_blocks_fields: [
      value(hero, B.heroBanner.heading, 'Grow with Canopy Corp'),
      value(hero, B.heroBanner.subheading, 'Consulting and support for teams that ship.'),
      ...(files ? [value(hero, B.heroBanner.backgroundImage, files.chart)] : []),
      ...(files ? [value(cards[0]!, B.card.image, files.logo)] : []),
      value(text, B.richTextBlock.heading, 'What we do'),
      value(
        text,
        B.richTextBlock.body,
        '<p>We help organisations plan, build and run their digital services.</p>',
      ),
      value(grid, B.cardGrid.heading, 'Start here'),
      value(cards[0]!, B.card.title, 'Consulting'),
      value(cards[0]!, B.card.text, 'Strategy and delivery.'),
      value(cards[1]!, B.card.title, 'Support'),
      value(cards[1]!, B.card.text, 'Help when you need it.'),
    ],
  };
}

/**
 * Creates the demo site; returns its name. `media` (given a storage) fills the media library once
 * its root exists and gives the addresses the pages use.
 */
export async function seedDemoContent(db: Db, media?: () => Promise<DemoMedia>): Promise<string> {
  const ctx: OpContext = { db, actor: SYSTEM_ACTOR };
  const stamp = now();
  await insertRoot(db, {
    content_id: MEDIA_LIBRARY_ROOT_ID,
    name: 'Media Library',
    order: 2,
    siteId: null,
    templateId: T.folder,
    type: 'folder',
    allowed: 'image,video,multi-stream-video,document,folder',
  });
  const files = media ? await media() : undefined;
  await db
    .insertInto('sites')
    .values({
      site_id: DEMO_SITE_ID,
      site_name: DEMO_SITE_NAME,
      root_content_id: null,
      base_url: null,
      created_date: stamp,
    })
    .execute();
  await seedMicroapps(ctx, DEMO_SITE_ID);
  await insertRoot(db, {
    content_id: DEMO_HOME_ID,
    name: 'Home',
    order: 1,
    siteId: DEMO_SITE_ID,
    templateId: T.page,
    type: 'page',
    allowed: 'page,content-fragment,folder',
  });
  await db
    .updateTable('sites')
    .set({ root_content_id: DEMO_HOME_ID })
    .where('site_id', '=', DEMO_SITE_ID)
    .execute();
  await db
    .updateTable('content_items')
    .set({ locked_by: SYSTEM_ACTOR.username, locked_date: new Date().toISOString() })
    .where('content_id', '=', DEMO_HOME_ID)
    .execute();

  // Pages, depth first; each gets every field of its template filled in.
  const made = new Map<string, Content>();
  async function makePage(spec: PageSpec, parentId: string): Promise<void> {
    const page = await createContent(ctx, {
      parent_id: parentId,
      template_id: T.page,
      content_name: spec.name,
      is_active: 1,
      allowed_content_type: 'page,content-fragment',
    });
    const saved = await saveContent(ctx, page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [
        field(page, B.page.pageUrl, spec.url),
        field(page, B.page.title, spec.title),
        field(page, B.page.summary, spec.summary),
        field(page, B.page.body, `<h2>${spec.title}</h2><p>${spec.summary}</p>`),
      ],
    });
    made.set(spec.url, saved as Content);
    for (const child of spec.children ?? []) await makePage(child, page.content_id);
  }
  for (const spec of PAGES) await makePage(spec, DEMO_HOME_ID);

  // Home: every field type of the page template in use, and a zone of widgets.
  const homeContent = await readContentVersion(db, SYSTEM_ACTOR, DEMO_HOME_ID, 1);
  await saveContent(ctx, DEMO_HOME_ID, {
    version: 1,
    updated_date: homeContent.updated_date,
    content_fields: [
      field(homeContent, B.page.itemName, 'Home'),
      field(homeContent, B.page.pageUrl, '/'),
      field(homeContent, B.page.title, 'Canopy Corp'),
      field(homeContent, B.page.summary, 'Consulting and support for teams that ship.'),
      field(homeContent, B.page.body, '<p>Welcome to <strong>Canopy Corp</strong>.</p>'),
      field(homeContent, B.page.showInNavigation, 'true'),
      field(homeContent, B.page.theme, 'brand'),
      field(homeContent, B.page.heroImage, files?.photo ?? null),
      field(homeContent, B.page.relatedPage, made.get('/about')!.content_id, {
        content_ref: made.get('/about')!.content_id,
      }),
      field(homeContent, B.page.newsletterApp, DEMO_NEWSLETTER_INSTANCE_ID),
      field(homeContent, B.page.lastReviewedBy, 'Ada Admin'),
    ],
    ...homeZone(homeContent, files),
  });

  // A reusable fragment under Home.
  const footer = await createContent(ctx, {
    parent_id: DEMO_HOME_ID,
    template_id: T.contentFragment,
    content_name: 'Footer',
  });
  await saveContent(ctx, footer.content_id, {
    version: 1,
    updated_date: footer.updated_date,
    content_fields: [
      field(footer, B.contentFragment.heading, 'Canopy Corp'),
      field(footer, B.contentFragment.body, '<p>© Canopy Corp. All rights reserved.</p>'),
    ],
  });

  // Versions in every status: everything published but Contact (a first draft), then About gets
  // a second draft and Services a staged second version.
  const contact = made.get('/contact')!.content_id;
  await db
    .updateTable('content_versions')
    .set({ status_id: 'published' })
    .where('content_id', '!=', contact)
    .execute();
  await db.updateTable('content_items').set({ locked_by: null }).execute();
  const about = made.get('/about')!.content_id;
  const aboutDraft = await createDraft(ctx, { content_id: about, version: 1 });
  await saveContent(ctx, about, {
    version: 2,
    updated_date: aboutDraft.updated_date,
    content_fields: [
      field(aboutDraft, B.page.summary, 'Who we are, how we work, and where we are going.'),
    ],
  });
  const services = made.get('/services')!.content_id;
  await createDraft(ctx, { content_id: services, version: 1 });
  await saveContent(ctx, services, { version: 2, status_id: 'staged' });
  await db.updateTable('content_items').set({ locked_by: null }).execute();
  // The author edits the Services section.
  await seedDemoPermissions(db, DEMO_HOME_ID, services);
  return DEMO_SITE_NAME;
}
