/**
 * DELETE /api/media/{id} (§7 Media): removes a media item and its files. Content that uses the
 * item makes it a 409 listing those items (the content delete enforces that, in its
 * transaction); the files go once the rows are gone.
 */
import { fail } from '../../errors';
import { deleteContent } from '../contents/delete-content';
import { itemOr404 } from '../contents/guards';
import { collectionKey, mediaKey, MEDIA_URL_PREFIX } from './files';
import type { MediaContext } from './target';
import { extensionOf, isMediaContentType } from '@canopy/core';

export async function deleteMedia(ctx: MediaContext, contentId: string) {
  const item = await itemOr404(ctx.db, contentId);
  if (!isMediaContentType(item.content_type_id)) {
    fail('VALIDATION_FAILED', `${item.content_name} is not a media item; delete it as content`);
  }
  const result = await deleteContent(ctx, contentId);
  const directory = item.media_library_directory;
  if (directory) {
    const extension = item.media_url ? extensionOf(item.media_url) : null;
    if (item.content_type_id === 'multi-stream-video') {
      await ctx.storage.deletePrefix(collectionKey(directory, contentId));
    } else if (extension && item.media_url?.startsWith(`${MEDIA_URL_PREFIX}/`)) {
      await ctx.storage.delete(mediaKey(directory, contentId, extension));
    }
  }
  return result;
}
