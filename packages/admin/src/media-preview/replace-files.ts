/**
 * Replacing a media item's file (§7 Media): one POST /api/media/{id}; for a multi-stream video,
 * its folder created anew (POST /api/mediacollectionfolder/{id}, which empties it), then each
 * file into it (POST /api/mediacollectionfile/{id}) in the order the folder needs them.
 */
import { errorMessage } from '@canopy/client';
import { extensionOf } from '@canopy/core';
import { uploadMediaFile } from '@canopy/ui';
import { api } from '../api';

/** §8: the folder of a multi-stream video could not be made. */
export const FOLDER_ERROR_TOAST = 'Error with creating media collection folder';

export class FolderError extends Error {}

export interface ReplaceRequest {
  contentId: string;
  contentType: string;
  files: File[];
  token: string | null;
  onProgress: (file: File, fraction: number) => void;
}

/**
 * Segments and poster first, then the variant playlists, then the master playlist (the one
 * with `#EXT-X-STREAM-INF`): the item's address moves to the new stream only once it is whole.
 */
export async function streamUploadOrder(files: readonly File[]): Promise<File[]> {
  const ranked = await Promise.all(
    files.map(async (file) => {
      if (extensionOf(file.name) !== 'm3u8') return { file, rank: 0 };
      return { file, rank: (await file.text()).includes('#EXT-X-STREAM-INF') ? 2 : 1 };
    }),
  );
  return ranked.sort((a, b) => a.rank - b.rank).map(({ file }) => file);
}

export async function replaceFiles(request: ReplaceRequest): Promise<void> {
  const { contentId, token, onProgress } = request;
  if (request.contentType !== 'multi-stream-video') {
    const file = request.files[0]!;
    await uploadMediaFile({
      contentId,
      file,
      token,
      onProgress: (fraction) => onProgress(file, fraction),
    });
    return;
  }
  const folder = await api().POST('/api/mediacollectionfolder/{id}', {
    params: { path: { id: contentId } },
  });
  if (!folder.response.ok) {
    throw new FolderError(errorMessage(folder.error, `HTTP ${folder.response.status}`));
  }
  for (const file of await streamUploadOrder(request.files)) {
    await uploadMediaFile({
      contentId,
      file,
      token,
      into: 'mediacollectionfile',
      onProgress: (fraction) => onProgress(file, fraction),
    });
  }
}
