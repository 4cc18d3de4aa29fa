/** Sites (§7 Menus, references, sites): the list, and one site with its view data. */
import type { Actor } from '../../auth/actor';
import { permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { siteOr404 } from '../../repositories/sites';

export async function listSites(db: Db, actor: Actor) {
  const sites = await db.selectFrom('sites').selectAll().orderBy('site_name').execute();
  const visible = [];
  for (const site of sites) {
    if (
      !site.root_content_id ||
      (await permissionsOn(db, actor, site.root_content_id)).includes('Read')
    )
      visible.push(site);
  }
  return visible;
}

export async function getSite(db: Db, actor: Actor, siteId: string) {
  const site = await siteOr404(db, { id: siteId });
  if (
    site.root_content_id &&
    !(await permissionsOn(db, actor, site.root_content_id)).includes('Read')
  ) {
    fail('FORBIDDEN', 'You need the Read permission on this site to see it', {
      permission: 'Read',
      content_id: site.root_content_id,
    });
  }
  const root = site.root_content_id
    ? await db
        .selectFrom('content_items')
        .select(['content_id', 'content_name', 'page_url', 'path'])
        .where('content_id', '=', site.root_content_id)
        .executeTakeFirst()
    : undefined;
  const counts = await db
    .selectFrom('content_items')
    .select((eb) => [
      eb.fn.countAll<number>().as('items'),
      eb.fn.count<number>('page_url').as('pages'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return {
    ...site,
    root: root ?? null,
    item_count: Number(counts.items),
    page_count: Number(counts.pages),
  };
}
