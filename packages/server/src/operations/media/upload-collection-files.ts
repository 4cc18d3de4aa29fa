/**
 * POST /api/mediacollectionfile/{id} (§7 Media): uploads files into a multi-stream video's
 * folder: playlists (checked as they arrive: only names of this folder), .m4s segments and a
 * poster .jpg. A master playlist becomes the item's address; a .jpg its poster. Files keep their
 * names, which the playlists refer to; a name is one safe segment, so none leaves the folder.
 */
import type { Readable } from 'node:stream';
import { extensionOf, NO_UPLOAD_FILE_MESSAGE } from '@canopy/core';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { requireWritableVersion } from '../contents/guards';
import { collectionKey, mediaUrlOf, versionTag } from './files';
import { MEDIA_BLOCKS, writeMediaFields } from './fixed-fields';
import { checkedPlaylist, COLLECTION_FILE_NAME, masterPlaylistInfo } from './playlist';
import { stageFile, type Staged } from './stage';
import { drain, mediaTarget, type MediaContext, type MediaTarget, type UploadPart } from './target';
import { receiveParts } from './upload-media';
import { text } from 'node:stream/consumers';

const STREAMING = MEDIA_BLOCKS['multi-stream-video']!;

export function folderMissingMessage(contentId: string): string {
  return `Create the media collection folder first (POST /api/mediacollectionfolder/${contentId})`;
}

export async function uploadCollectionFiles(
  ctx: MediaContext,
  contentId: string,
  parts: AsyncIterable<UploadPart>,
) {
  let target: MediaTarget;
  try {
    target = await mediaTarget(ctx.db, ctx, contentId, ['multi-stream-video']);
    if (!target.item.media_library_directory) fail('CONFLICT', folderMissingMessage(contentId));
  } catch (error) {
    await drain(parts);
    throw error;
  }
  const stored: string[] = [];
  await receiveParts(contentId, parts, async (file) => {
    stored.push(await storeOne(ctx, target, file));
  });
  if (stored.length === 0) {
    fail('VALIDATION_FAILED', NO_UPLOAD_FILE_MESSAGE, { errors: [NO_UPLOAD_FILE_MESSAGE] });
  }
  return { status: 'Success' as const, content_id: contentId, files: stored };
}

/** Stages one file, then moves it into the folder and records what it means, in one step. */
async function storeOne(
  ctx: MediaContext,
  target: MediaTarget,
  file: { name: string; stream: Readable },
): Promise<string> {
  if (!COLLECTION_FILE_NAME.test(file.name)) {
    file.stream.resume();
    const message = `${file.name}: a file name may only use letters, digits, '-', '_' and '.'`;
    fail('VALIDATION_FAILED', message, { errors: [message] });
  }
  let staged: Staged | undefined;
  try {
    staged = await stageFile(ctx.storage, file, {
      contentType: 'multi-stream-video',
      ...(extensionOf(file.name) === 'm3u8' && {
        textFilter: (bytes: Buffer) => checkedPlaylist(bytes, file.name),
      }),
    });
    const master =
      staged.extension === 'm3u8'
        ? masterPlaylistInfo(await text((await ctx.storage.get(staged.key))!.body))
        : null;
    const key = `${collectionKey(target.directory, target.item.content_id)}/${file.name}`;
    const toMove = staged;
    await ctx.db.transaction().execute(async (trx) => {
      const { version } = await requireWritableVersion(
        trx,
        ctx.actor,
        target.item.content_id,
        target.version.version,
      );
      await ctx.storage.move(toMove.key, key);
      const object = (await ctx.storage.stat(key))!;
      const url = mediaUrlOf(key, versionTag(object.etag));
      const isPoster = toMove.extension === 'jpg';
      await writeMediaFields(trx, {
        content_id: target.item.content_id,
        version: version.version,
        username: ctx.actor.username,
        values: {
          ...(master !== null && {
            [STREAMING.file]: mediaUrlOf(key),
            [STREAMING.dimensions!]: master,
          }),
          ...(isPoster && { [STREAMING.poster!]: url }),
        },
        ...(master !== null && { media_url: mediaUrlOf(key) }),
      });
      await recordAudit(trx, ctx.actor, {
        action: 'media-upload',
        content_id: target.item.content_id,
        version: version.version,
        details: { file: file.name, size: object.size },
      });
    });
    staged = undefined;
    return mediaUrlOf(key);
  } finally {
    if (staged) await ctx.storage.delete(staged.key).catch(() => undefined);
  }
}
