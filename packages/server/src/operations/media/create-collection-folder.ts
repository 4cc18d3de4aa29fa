/**
 * POST /api/mediacollectionfolder/{id} (§7 Media): creates a multi-stream video's folder (an
 * existing one is emptied), the first step of its upload; its files follow one by one.
 */
import { collectionKey, mediaUrlOf } from './files';
import { resetStreamFields } from './fixed-fields';
import { mediaTarget, type MediaContext } from './target';

export async function createCollectionFolder(ctx: MediaContext, contentId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    // access
    const { item, version, directory } = await mediaTarget(trx, ctx, contentId, [
      'multi-stream-video',
    ]);
    // write: an empty folder, and no address until a master playlist arrives
    const folder = collectionKey(directory, item.content_id);
    await ctx.storage.deletePrefix(folder);
    await resetStreamFields(
      trx,
      { content_id: item.content_id, version: version.version, username: ctx.actor.username },
      directory,
    );
    return { status: 'Success' as const, content_id: item.content_id, folder: mediaUrlOf(folder) };
  });
}
