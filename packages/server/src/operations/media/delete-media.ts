/**
 * DELETE /api/media/{id} (§7 Media): removes a media item and its files. Content that uses the
 * item makes it a 409 listing those items; the content delete enforces that in its transaction
 * and removes the files once the rows are gone.
 */
import { fail } from '../../errors';
import { deleteContent } from '../contents/delete-content';
import { itemOr404 } from '../contents/guards';
import type { MediaContext } from './target';
import { isMediaContentType } from '@canopy/core';

export async function deleteMedia(ctx: MediaContext, contentId: string) {
  const item = await itemOr404(ctx.db, contentId);
  if (!isMediaContentType(item.content_type_id)) {
    fail('VALIDATION_FAILED', `${item.content_name} is not a media item; delete it as content`);
  }
  return deleteContent(ctx, contentId);
}
