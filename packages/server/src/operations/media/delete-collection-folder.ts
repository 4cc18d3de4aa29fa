/** DELETE /api/mediacollectionfolder/{id} (§7 Media): removes the folder and every file in it. */
import { recordAudit } from '../../audit/record';
import { collectionKey } from './files';
import { resetStreamFields } from './fixed-fields';
import { mediaTarget, type MediaContext } from './target';

export async function deleteCollectionFolder(ctx: MediaContext, contentId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const { item, version, directory } = await mediaTarget(trx, ctx, contentId, [
      'multi-stream-video',
    ]);
    await resetStreamFields(
      trx,
      { content_id: item.content_id, version: version.version, username: ctx.actor.username },
      null,
    );
    await recordAudit(trx, ctx.actor, {
      action: 'media-delete',
      content_id: item.content_id,
      version: version.version,
      details: { folder: true },
    });
    await ctx.storage.deletePrefix(collectionKey(directory, item.content_id));
    return { status: 'Success' as const, content_id: item.content_id };
  });
}
