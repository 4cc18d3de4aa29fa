/**
 * POST /api/media/{id} (§7 Media): uploads or replaces the file of an image, video or document
 * item. The file streams to a staging key (rules, type check, size cap); then one transaction
 * re-checks access, moves the file into place and writes the fixed fields (§3: item name unless
 * set, address, size, dimensions). A refused or failed upload leaves no file and no row.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  NO_UPLOAD_FILE_MESSAGE,
  extensionOf,
  formatFileDimensions,
  formatFileSize,
  type Content,
} from '@canopy/core';
import { fail } from '../../errors';
import { recordAudit } from '../../audit/record';
import { readContentVersion } from '../contents/get-content';
import { requireWritableVersion } from '../contents/guards';
import { NEW_ITEM_NAME } from '../contents/create-content';
import { STAGING_PREFIX, mediaKey, mediaUrlOf, renditionsKey, versionTag } from './files';
import { MEDIA_BLOCKS, writeMediaFields } from './fixed-fields';
import { imageDimensions, mp4Dimensions, type Dimensions } from './inspect';
import { sanitiseSvg } from './svg';
import { stageFile, type Staged } from './stage';
import { drain, mediaTarget, type MediaContext, type MediaTarget, type UploadPart } from './target';

/** Types whose item is one file; a multi-stream video is a folder (mediacollection calls). */
export const SINGLE_FILE_TYPES = ['image', 'video', 'document'] as const;
const FORM_FIELDS = new Set(['content_id', 'media']);

/** The item name a file gives: its name without the extension. */
function nameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()!;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).slice(0, 255);
}

/** Reads the parts: the first `media` file is staged, others are refused or drained (§5). */
export async function receiveParts(
  contentId: string,
  parts: AsyncIterable<UploadPart>,
  onFile: (file: { name: string; stream: Readable }) => Promise<void>,
): Promise<void> {
  const unknown: string[] = [];
  let formContentId: string | undefined;
  for await (const part of parts) {
    if (!FORM_FIELDS.has(part.kind === 'file' ? part.field : part.name)) {
      if (part.kind === 'file') part.stream.resume();
      unknown.push(part.kind === 'file' ? part.field : part.name);
    } else if (part.kind === 'field') {
      if (part.name === 'content_id') formContentId = part.value;
      else unknown.push(part.name);
    } else {
      await onFile(part);
    }
  }
  if (unknown.length > 0) {
    fail(
      'VALIDATION_FAILED',
      `Unknown form field(s): ${unknown.join(', ')}; send content_id and media`,
    );
  }
  if (formContentId !== undefined && formContentId !== contentId) {
    fail(
      'VALIDATION_FAILED',
      `content_id ${formContentId} does not match the item in the address (${contentId})`,
    );
  }
}

export async function uploadMedia(
  ctx: MediaContext,
  contentId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<Content> {
  // access: before a byte of the file is read
  let target: MediaTarget;
  try {
    target = await mediaTarget(ctx.db, ctx, contentId, SINGLE_FILE_TYPES);
  } catch (error) {
    await drain(parts);
    throw error;
  }
  const replacing = target.item.media_url ? extensionOf(target.item.media_url) : null;

  // validate: name rules, content type, size, while streaming to a staging key
  let staged: Staged | undefined;
  try {
    await receiveParts(contentId, parts, async (file) => {
      if (staged) {
        file.stream.resume(); // single mode: only the first file is kept
        return;
      }
      staged = await stageFile(ctx.storage, file, {
        contentType: target.item.content_type_id,
        replacing,
        ...(extensionOf(file.name) === 'svg' && { textFilter: sanitiseSvg }),
      });
    });
    if (!staged)
      fail('VALIDATION_FAILED', NO_UPLOAD_FILE_MESSAGE, { errors: [NO_UPLOAD_FILE_MESSAGE] });
    const content = await commitUpload(ctx, target, staged);
    // renditions of the file replaced are never asked for again (their keys name its version)
    if (replacing) {
      await ctx.storage
        .deletePrefix(renditionsKey(target.directory, contentId))
        .catch(() => undefined);
    }
    return content;
  } finally {
    if (staged) await ctx.storage.delete(staged.key).catch(() => undefined);
  }
}

async function dimensionsOf(ctx: MediaContext, type: string, staged: Staged) {
  if (type === 'image') return imageDimensions(ctx.storage, staged.key);
  if (type === 'video') return mp4Dimensions(ctx.storage, staged.key, staged.size);
  return undefined;
}

async function commitUpload(
  ctx: MediaContext,
  target: MediaTarget,
  staged: Staged,
): Promise<Content> {
  const { item, directory } = target;
  const type = item.content_type_id;
  const blocks = MEDIA_BLOCKS[type]!;
  const dimensions: Dimensions | undefined = await dimensionsOf(ctx, type, staged);
  const finalKey = mediaKey(directory, item.content_id, staged.extension);
  // A replaced file is copied aside first: if the transaction fails after the new file went
  // into place, the old one comes back, so a failed replace leaves everything as it was.
  const backupKey = `${STAGING_PREFIX}/${randomUUID()}.backup`;
  let backedUp = false;
  let moved = false;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // access again, inside the transaction: the lock may have changed while the file arrived
      const { item: current, version } = await requireWritableVersion(
        trx,
        ctx.actor,
        item.content_id,
        target.version.version,
      );
      // write: the file into place, then the fields that describe it
      if (await ctx.storage.stat(finalKey)) {
        await ctx.storage.copy(finalKey, backupKey);
        backedUp = true;
      }
      await ctx.storage.move(staged.key, finalKey);
      moved = true;
      const stored = (await ctx.storage.stat(finalKey))!;
      const url = mediaUrlOf(finalKey, versionTag(stored.etag));
      const unnamed = !current.content_name.trim() || current.content_name === NEW_ITEM_NAME;
      const name = unnamed ? nameFromFile(staged.name) : undefined;
      await writeMediaFields(trx, {
        content_id: item.content_id,
        version: version.version,
        username: ctx.actor.username,
        values: {
          [blocks.file]: url,
          ...(blocks.size && { [blocks.size]: formatFileSize(stored.size) }),
          ...(blocks.dimensions && {
            [blocks.dimensions]: dimensions
              ? formatFileDimensions(dimensions.width, dimensions.height)
              : null,
          }),
          ...(name !== undefined && { [blocks.itemName]: name }),
        },
        media_url: url,
        media_library_directory: directory,
        ...(name !== undefined && { content_name: name }),
      });
      await recordAudit(trx, ctx.actor, {
        action: item.media_url ? 'media-replace' : 'media-upload',
        content_id: item.content_id,
        version: version.version,
        details: { file: staged.name, size: stored.size },
      });
      return readContentVersion(trx, ctx.actor, item.content_id, version.version);
    });
  } catch (error) {
    // The old file comes back; a first upload that could not be recorded leaves no file.
    if (moved && backedUp) await ctx.storage.move(backupKey, finalKey).catch(() => undefined);
    else if (moved) await ctx.storage.delete(finalKey).catch(() => undefined);
    throw error;
  } finally {
    if (backedUp) await ctx.storage.delete(backupKey).catch(() => undefined);
  }
}
