/**
 * Deleting a site (administrators): only when nothing refers to it but its home item. What goes
 * with it is named first (GET .../usage): the home item and its versions, the publish records
 * and builds, the registered micro-apps and the target addresses.
 */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import type { PublishingConfig } from '../../publishing/config';
import { siteOr404 } from '../../repositories/sites';
import { recordAudit } from '../../audit/record';
import { requireAdministrator } from '../users/guards';
import { refreshStoredTargets } from './site-targets';

export interface SiteUsage {
  site_id: string;
  site_name: string;
  /** Why it cannot be deleted now; null when it can. */
  blocked_by: string | null;
  /** What goes with it. */
  removes: {
    home: { content_id: string; content_name: string; versions: number } | null;
    builds: number;
    releases: number;
    microapps: string[];
  };
}

const count = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);

export async function siteUsage(
  db: Db,
  actor: Actor,
  config: PublishingConfig,
  siteId: string,
): Promise<SiteUsage> {
  requireAdministrator(actor, 'manage sites');
  const site = await siteOr404(db, { id: siteId });
  const rootId = site.root_content_id;
  const home = rootId
    ? await db
        .selectFrom('content_items')
        .select(['content_id', 'content_name', 'locked_by'])
        .where('content_id', '=', rootId)
        .executeTakeFirst()
    : undefined;
  const items = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('site_id', '=', siteId)
    .$if(Boolean(rootId), (q) => q.where('content_id', '!=', rootId!))
    .executeTakeFirst();
  const referrers = rootId
    ? await db
        .selectFrom('content_fields as f')
        .innerJoin('content_items as i', 'i.content_id', 'f.content_id')
        .select('i.content_name')
        .distinct()
        .where('f.content_ref', '=', rootId)
        .where('f.content_id', '!=', rootId)
        .execute()
    : [];
  const running = await db
    .selectFrom('builds')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('site_id', '=', siteId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  const otherItems = count(items);
  const blockedBy =
    config.defaultSiteId === siteId
      ? 'It is the default site (CANOPY_DEFAULT_SITE); name another one there first'
      : otherItems > 0
        ? `It holds ${otherItems} item${otherItems === 1 ? '' : 's'} besides its home item; delete or move them first`
        : referrers.length > 0
          ? `Its home item is referred to by ${referrers.map((r) => r.content_name).join(', ')}; remove those references first`
          : count(running) > 0
            ? 'A build of it is queued or running; wait until it has ended'
            : home?.locked_by && home.locked_by !== actor.username
              ? `Its home item is locked by ${home.locked_by}`
              : null;
  const versions = rootId
    ? await db
        .selectFrom('content_versions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('content_id', '=', rootId)
        .executeTakeFirst()
    : undefined;
  const tally = async (table: 'builds' | 'releases') =>
    count(
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirst(),
    );
  const microapps = await db
    .selectFrom('microapps')
    .select('name')
    .where('site_id', '=', siteId)
    .orderBy('name')
    .execute();
  return {
    site_id: siteId,
    site_name: site.site_name,
    blocked_by: blockedBy,
    removes: {
      home: home
        ? {
            content_id: home.content_id,
            content_name: home.content_name,
            versions: count(versions),
          }
        : null,
      builds: await tally('builds'),
      releases: await tally('releases'),
      microapps: microapps.map((m) => m.name),
    },
  };
}

export async function deleteSite(
  db: Db,
  actor: Actor,
  config: PublishingConfig,
  siteId: string,
): Promise<void> {
  const usage = await siteUsage(db, actor, config, siteId);
  if (usage.blocked_by)
    fail('CONFLICT', `The site ${usage.site_name} cannot be deleted: ${usage.blocked_by}`);
  const homeId = usage.removes.home?.content_id;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sites')
      .set({ root_content_id: null })
      .where('site_id', '=', siteId)
      .execute();
    if (homeId) {
      await trx.deleteFrom('content_versions').where('content_id', '=', homeId).execute();
      await trx.deleteFrom('role_permissions').where('content_id', '=', homeId).execute();
      await trx.deleteFrom('content_items').where('content_id', '=', homeId).execute();
    }
    await trx.deleteFrom('site_targets').where('site_id', '=', siteId).execute();
    await trx.deleteFrom('releases').where('site_id', '=', siteId).execute();
    await trx.deleteFrom('builds').where('site_id', '=', siteId).execute();
    await trx.deleteFrom('microapps').where('site_id', '=', siteId).execute();
    await trx.deleteFrom('sites').where('site_id', '=', siteId).execute();
    await recordAudit(trx, actor, {
      action: 'site-delete',
      details: { site_id: siteId, site_name: usage.site_name },
    });
  });
  await refreshStoredTargets(db, config);
}
