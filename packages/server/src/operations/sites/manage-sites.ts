/**
 * Sites in the admin (administrators): the list with home item and targets, create one (on an
 * existing page, or on a new home page made from a page template), rename it and set where its
 * targets are served.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PUBLISH_DATE,
  DEFAULT_UNPUBLISH_DATE,
  FIRST_VERSION,
  childPath,
  levelOf,
  nextOrder,
} from '@canopy/core';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail, notFound } from '../../errors';
import { grantCreatorPermissions } from '../../access/permissions';
import type { PublishingConfig } from '../../publishing/config';
import { now } from '../context';
import { createInitialFields } from '../contents/initial-fields';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import { matches, pageOf, type Page, type PageRequest } from '../paging';
import {
  MODES,
  checkTarget,
  refreshStoredTargets,
  requireFreeAddresses,
  storeTargets,
  targetViews,
  type Mode,
  type TargetInput,
  type TargetView,
} from './site-targets';

export const SITE_SORTS = ['site_name', 'created_date', 'item_count'] as const;

export interface SiteView {
  site_id: string;
  site_name: string;
  created_date: string;
  root: { content_id: string; content_name: string; page_url: string | null } | null;
  item_count: number;
  /** Served on any host name when a target has none (the default site only). */
  is_default: boolean;
  targets: Record<Mode, TargetView>;
}

export interface SiteInput {
  site_name: string;
  /** An existing page, outside every site, that becomes the home item. */
  root_content_id?: string | undefined;
  /** Or a new home page made from this page template. */
  home?: { template_id: string; content_name?: string | undefined } | undefined;
  targets?: Partial<Record<Mode, TargetInput>> | undefined;
}

export interface SiteChanges {
  site_name?: string | undefined;
  targets?: Partial<Record<Mode, TargetInput>> | undefined;
}

async function viewsOf(db: Db, config: PublishingConfig, siteIds?: string[]): Promise<SiteView[]> {
  let query = db
    .selectFrom('sites as s')
    .leftJoin('content_items as r', 'r.content_id', 's.root_content_id')
    .select([
      's.site_id',
      's.site_name',
      's.created_date',
      'r.content_id',
      'r.content_name',
      'r.page_url',
      (eb) =>
        eb
          .selectFrom('content_items as i')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('i.site_id', '=', 's.site_id')
          .as('item_count'),
    ])
    .orderBy('s.created_date');
  if (siteIds) query = query.where('s.site_id', 'in', siteIds);
  const rows = await query.execute();
  const all = await db.selectFrom('sites').select('site_id').orderBy('created_date').execute();
  const defaultSite = config.defaultSiteId ?? all[0]?.site_id;
  return rows.map((row) => ({
    site_id: row.site_id,
    site_name: row.site_name,
    created_date: row.created_date,
    root: row.content_id
      ? { content_id: row.content_id, content_name: row.content_name!, page_url: row.page_url }
      : null,
    item_count: Number(row.item_count ?? 0),
    is_default: row.site_id === defaultSite,
    targets: targetViews(config, row.site_id),
  }));
}

export async function listSiteViews(
  db: Db,
  actor: Actor,
  config: PublishingConfig,
  request: PageRequest,
): Promise<Page<SiteView>> {
  requireAdministrator(actor, 'manage sites');
  const all = (await viewsOf(db, config)).filter((site) =>
    matches(
      request.q,
      site.site_name,
      site.root?.content_name,
      ...MODES.flatMap((mode) => site.targets[mode].hosts),
    ),
  );
  return pageOf(
    all,
    request,
    (site, sort) =>
      sort === 'item_count'
        ? site.item_count
        : sort === 'created_date'
          ? site.created_date
          : site.site_name,
    'site_name',
    (site) => site.site_id,
  );
}

export async function readSiteView(
  db: Db,
  config: PublishingConfig,
  siteId: string,
): Promise<SiteView> {
  const [site] = await viewsOf(db, config, [siteId]);
  if (!site) notFound('Site', siteId);
  return site;
}

async function requireFreeName(db: Db, name: string, siteId: string): Promise<void> {
  const clash = await db
    .selectFrom('sites')
    .select('site_id')
    .where('site_name', '=', name)
    .where('site_id', '!=', siteId)
    .executeTakeFirst();
  if (clash) fail('ALREADY_EXISTS', `A site is already named ${name}; pick another name`);
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) fail('VALIDATION_FAILED', 'A site needs a name');
  return trimmed;
}

/** The targets a change asks for, checked, with the site's current ones for those it leaves out. */
async function wantedTargets(
  db: Db,
  config: PublishingConfig,
  siteId: string,
  input: Partial<Record<Mode, TargetInput>>,
  current: Record<Mode, TargetView> | undefined,
) {
  const changed: Partial<Record<Mode, { hosts: string[]; basePath: string }>> = {};
  for (const mode of MODES) {
    const target = input[mode];
    if (target) changed[mode] = checkTarget(mode, target);
  }
  const fallback = (mode: Mode) =>
    current
      ? { hosts: current[mode].hosts, basePath: current[mode].base_path }
      : { hosts: [], basePath: mode === 'delivery' ? '/' : '/preview' };
  await requireFreeAddresses(db, config, siteId, {
    delivery: changed.delivery ?? fallback('delivery'),
    preview: changed.preview ?? fallback('preview'),
  });
  return changed;
}

export async function createSite(
  db: Db,
  actor: Actor,
  config: PublishingConfig,
  input: SiteInput,
): Promise<SiteView> {
  requireAdministrator(actor, 'create sites');
  const name = checkName(input.site_name);
  if (Boolean(input.root_content_id) === Boolean(input.home))
    fail(
      'VALIDATION_FAILED',
      'Pick the home item, or make a new home page from a template: one of the two',
    );
  const siteId = randomUUID();
  const targets = await wantedTargets(db, config, siteId, input.targets ?? {}, undefined);
  await requireFreeName(db, name, siteId);

  await db.transaction().execute(async (trx) => {
    const stamp = now();
    await trx
      .insertInto('sites')
      .values({
        site_id: siteId,
        site_name: name,
        root_content_id: null,
        base_url: null,
        created_date: stamp,
      })
      .execute();
    const rootId = input.root_content_id
      ? await adoptHome(trx, input.root_content_id, siteId)
      : await createHomePage(trx, actor, siteId, input.home!);
    await trx
      .updateTable('sites')
      .set({ root_content_id: rootId })
      .where('site_id', '=', siteId)
      .execute();
    await storeTargets(trx, siteId, targets);
    await recordAudit(trx, actor, {
      action: 'site-create',
      content_id: rootId,
      details: { site_id: siteId, site_name: name, targets: Object.keys(input.targets ?? {}) },
    });
  });
  await refreshStoredTargets(db, config);
  return readSiteView(db, config, siteId);
}

/** An existing page outside every site becomes the site's home, with everything below it. */
async function adoptHome(trx: Db, contentId: string, siteId: string): Promise<string> {
  const item = await trx
    .selectFrom('content_items')
    .select(['content_id', 'content_name', 'content_type_id', 'site_id', 'path'])
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  if (!item) notFound('Content', contentId);
  if (item.content_type_id !== 'page')
    fail('VALIDATION_FAILED', `${item.content_name} is not a page; a site's home item is a page`);
  if (item.site_id) {
    const owner = await trx
      .selectFrom('sites')
      .select('site_name')
      .where('site_id', '=', item.site_id)
      .executeTakeFirst();
    fail(
      'CONFLICT',
      `${item.content_name} belongs to the site ${owner?.site_name ?? item.site_id}; pick a page outside every site, or make a new home page`,
    );
  }
  await trx
    .updateTable('content_items')
    .set({ site_id: siteId })
    .where((eb) => eb.or([eb('path', '=', item.path), eb('path', 'like', `${item.path}/%`)]))
    .execute();
  return item.content_id;
}

/** A new page at the top of the tree, from a page template: version 1, a draft locked by its maker. */
async function createHomePage(
  trx: Db,
  actor: Actor,
  siteId: string,
  home: NonNullable<SiteInput['home']>,
): Promise<string> {
  const template = await trx
    .selectFrom('templates')
    .select([
      'template_id',
      'template_name',
      'template_type_id',
      'allowed_content_type',
      'allowed_template_type',
    ])
    .where('template_id', '=', home.template_id)
    .executeTakeFirst();
  if (!template || template.template_type_id !== 'page-template')
    fail(
      'VALIDATION_FAILED',
      'The home page needs a page template; pick one of the page templates',
      {
        template_id: home.template_id,
      },
    );
  const roots = await trx
    .selectFrom('content_items')
    .select((eb) => eb.fn.max('content_order').as('n'))
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const order = nextOrder(Number(roots.n ?? 0));
  const path = childPath(null, order);
  const contentId = randomUUID();
  const name = home.content_name?.trim() || 'Home';
  const stamp = now();
  await trx
    .insertInto('content_items')
    .values({
      content_id: contentId,
      site_id: siteId,
      parent_id: null,
      content_order: order,
      path,
      lvl: levelOf(path),
      content_type_id: 'page',
      template_id: template.template_id,
      content_name: name,
      is_active: 1,
      locked_by: actor.username,
      custom_icon: null,
      allowed_content_type: template.allowed_content_type,
      allowed_template_type: template.allowed_template_type,
      media_library_directory: null,
      page_url: '/',
      media_url: null,
      created_by: actor.username,
      created_date: stamp,
    })
    .execute();
  await trx
    .insertInto('content_versions')
    .values({
      content_id: contentId,
      version: FIRST_VERSION,
      status_id: 'draft',
      content_name: name,
      page_url: '/',
      publish_date: DEFAULT_PUBLISH_DATE,
      unpublish_date: DEFAULT_UNPUBLISH_DATE,
      copied_from: null,
      parent_version: null,
      updated_date: stamp,
      updated_by: actor.username,
    })
    .execute();
  await createInitialFields(trx, {
    content_id: contentId,
    template_id: template.template_id,
    name,
    page_url: '/',
  });
  await grantCreatorPermissions(trx, actor, contentId);
  return contentId;
}

export async function updateSite(
  db: Db,
  actor: Actor,
  config: PublishingConfig,
  siteId: string,
  changes: SiteChanges,
): Promise<SiteView> {
  requireAdministrator(actor, 'change sites');
  const current = await readSiteView(db, config, siteId);
  const name = changes.site_name === undefined ? undefined : checkName(changes.site_name);
  if (name !== undefined) await requireFreeName(db, name, siteId);
  const targets = await wantedTargets(db, config, siteId, changes.targets ?? {}, current.targets);
  await db.transaction().execute(async (trx) => {
    if (name !== undefined)
      await trx
        .updateTable('sites')
        .set({ site_name: name })
        .where('site_id', '=', siteId)
        .execute();
    await storeTargets(trx, siteId, targets);
    await recordAudit(trx, actor, {
      action: 'site-change',
      details: {
        site_id: siteId,
        site_name: name ?? current.site_name,
        changed: [
          ...(name !== undefined && name !== current.site_name ? ['site_name'] : []),
          ...Object.keys(changes.targets ?? {}).map((mode) => `${mode} target`),
        ],
      },
    });
  });
  await refreshStoredTargets(db, config);
  return readSiteView(db, config, siteId);
}
