/**
 * Reorder and move (§4 Reorder, §7 Reorder saves): sets an item's order and optionally its parent,
 * recomputing the path and level of the item and its whole subtree.
 */
import { MOVE_NOT_ALLOWED_MESSAGE, childPath, isAllowedChild, levelOf } from '@canopy/core';
import type { Actor } from '../../auth/actor';
import { requirePermission } from '../../access/permissions';
import { requirePlacementAllowed } from '../tree/move-rules';
import type { Db } from '../../db/index';
import type { ContentItemRow } from '../../db/schema';
import { fail } from '../../errors';
import { moveSubtree } from '../../repositories/content-tree';
import { itemOr404 } from './guards';

export interface MoveResult {
  status: 'Success';
  content_id: string;
  content_order: number;
  parent_id: string | null;
  path: string;
}

export async function moveContent(
  trx: Db,
  actor: Actor,
  item: ContentItemRow,
  target: { content_order?: number | undefined; parent_id?: string | null | undefined },
): Promise<MoveResult> {
  // access: Edit on the item
  await requirePermission(trx, actor, item.content_id, 'Edit');
  const parentId = target.parent_id === undefined ? item.parent_id : target.parent_id;
  const order = target.content_order ?? item.content_order;

  // validate: the tree's placement rules, then the new parent accepts the item's type
  const { moving } = await requirePlacementAllowed(trx, actor, {
    item: { id: item.content_id, parent_id: item.parent_id, name: item.content_name },
    parentId,
    order,
    orderField: 'content_order',
  });
  const parent = await itemOr404(trx, parentId!);
  if (moving) {
    const templateType = await templateTypeOfItem(trx, item);
    if (!isAllowedChild(parent, templateType))
      fail('MOVE_NOT_ALLOWED', MOVE_NOT_ALLOWED_MESSAGE, { template_type_id: templateType });
  }

  // write: the item, then its subtree's paths and levels
  const path = childPath(parent.path, order);
  await trx
    .updateTable('content_items')
    .set({
      content_order: order,
      parent_id: parentId,
      path,
      lvl: levelOf(path),
      site_id: parent.site_id ?? item.site_id,
    })
    .where('content_id', '=', item.content_id)
    .execute();
  if (path !== item.path) {
    const siteId = parentId !== item.parent_id ? (parent.site_id ?? item.site_id) : item.site_id;
    await moveSubtree(trx, item, { path, levelDelta: levelOf(path) - levelOf(item.path), siteId });
  }
  return {
    status: 'Success',
    content_id: item.content_id,
    content_order: order,
    parent_id: parentId,
    path,
  };
}

async function templateTypeOfItem(db: Db, item: ContentItemRow): Promise<string> {
  if (!item.template_id) return `${item.content_type_id}-template`;
  const template = await db
    .selectFrom('templates')
    .select('template_type_id')
    .where('template_id', '=', item.template_id)
    .executeTakeFirst();
  return template?.template_type_id ?? `${item.content_type_id}-template`;
}
