/**
 * GET /api/menus/contents/{id}?level=n (and its latestpublishable variant): one item and its
 * descendants down to n levels below it.
 */
import type { MenuItem } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { permissionsOn } from '../../access/permissions';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { pickVersion } from '../../repositories/contents';
import { itemOr404 } from '../contents/guards';
import { requireVariantAllowed } from '../contents/get-content';
import { loadContentRows } from '../../repositories/menus';
import { buildForest } from './get-menus';

export async function getMenuSubtree(
  db: Db,
  actor: Actor,
  contentId: string,
  level: number,
  variant: 'latest' | 'latestpublishable',
): Promise<MenuItem> {
  requireVariantAllowed(actor, variant);
  const item = await itemOr404(db, contentId);
  if (!(await permissionsOn(db, actor, contentId)).includes('Read')) {
    fail('FORBIDDEN', 'You need the Read permission on this item to see it', {
      permission: 'Read',
      content_id: contentId,
    });
  }
  let rows = await loadContentRows(db, { path: item.path, maxLvl: item.lvl + level });

  if (variant === 'latestpublishable') {
    // Only items with a staged or published version, named as that version names them.
    const versions = await db
      .selectFrom('content_versions')
      .select([
        'content_id',
        'version',
        'status_id',
        'content_name',
        'page_url',
        'publish_date',
        'unpublish_date',
        'copied_from',
        'parent_version',
        'updated_date',
        'updated_by',
      ])
      .where(
        'content_id',
        'in',
        rows.map((row) => row.content_id),
      )
      .where('status_id', 'in', ['staged', 'published'])
      .execute();
    const byContent = new Map<string, typeof versions>();
    for (const version of versions)
      byContent.set(version.content_id, [...(byContent.get(version.content_id) ?? []), version]);
    if (!pickVersion(byContent.get(contentId) ?? [], 'latestpublishable')) {
      fail('VERSION_NOT_FOUND', `Content ${contentId} has no staged or published version`);
    }
    rows = rows.flatMap((row) => {
      const version = pickVersion(byContent.get(row.content_id) ?? [], 'latestpublishable');
      return version
        ? [{ ...row, content_name: version.content_name, page_url: version.page_url }]
        : [];
    });
  }

  const [root] = await buildForest(db, actor, rows);
  return root!;
}
