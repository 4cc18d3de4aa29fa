/** DELETE /api/mediacollectionfolder/{id} (§7 Media): removes the folder and every file in it. */
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
    await ctx.storage.deletePrefix(collectionKey(directory, item.content_id));
    return { status: 'Success' as const, content_id: item.content_id };
  });
}
