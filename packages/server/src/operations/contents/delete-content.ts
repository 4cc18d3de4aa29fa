/**
 * DELETE /api/contents/{id} (and /api/media/{id}): removes a content item with all its versions.
 * A media item's files go too, once the rows are gone for good (after the commit): a failed
 * delete keeps them, and no reader ever sees a row whose file is missing.
 */
import { recordAudit } from '../../audit/record';
import { MEDIA_LIBRARY_ROOT_ID, isMediaContentType } from '@canopy/core';
import type { OpContext } from '../context';
import type { Storage } from '../../storage/index';
import { removeMediaFiles } from '../media/files';
import { fail } from '../../errors';
import { findMediaReferrers } from '../../repositories/media-references';
import { itemOr404, requireCommandPermission, requireLock } from './guards';

export async function deleteContent(
  ctx: OpContext & { storage: Storage },
  contentId: string,
): Promise<{ status: 'Success'; content_id: string }> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    // access
    const item = await itemOr404(trx, contentId);
    await requireCommandPermission(trx, ctx.actor, item, 'deleteItem');
    await requireLock(trx, ctx.actor, item, 'deleteItem');

    // validate: roots stay; children first
    const isSiteRoot = await trx
      .selectFrom('sites')
      .select('site_id')
      .where('root_content_id', '=', contentId)
      .executeTakeFirst();
    if (contentId === MEDIA_LIBRARY_ROOT_ID || isSiteRoot)
      fail('FORBIDDEN', 'This is a fixed root of the tree and cannot be deleted');
    const children = await trx
      .selectFrom('content_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', contentId)
      .executeTakeFirstOrThrow();
    if (Number(children.n) > 0)
      fail('HAS_CHILDREN', `This item has ${children.n} child item(s); delete or move them first`);

    const referrers = isMediaContentType(item.content_type_id)
      ? await findMediaReferrers(trx, contentId)
      : [];
    if (referrers.length > 0) {
      fail(
        'MEDIA_IN_USE',
        `This media item is used by ${referrers.map((r) => r.content_name).join(', ')}; remove those references first`,
        { referenced_by: referrers },
      );
    }

    // write: versions cascade to their rows; explicit permission settings go too
    await trx.deleteFrom('content_versions').where('content_id', '=', contentId).execute();
    await trx.deleteFrom('role_permissions').where('content_id', '=', contentId).execute();
    await trx.deleteFrom('content_items').where('content_id', '=', contentId).execute();
    await recordAudit(trx, ctx.actor, {
      action: isMediaContentType(item.content_type_id) ? 'media-delete' : 'delete',
      content_id: contentId,
      details: { content_name: item.content_name },
    });
    return item;
  });
  if (isMediaContentType(deleted.content_type_id)) await removeMediaFiles(ctx.storage, deleted);
  return { status: 'Success' as const, content_id: contentId };
}
