/**
 * Where media files live: storage keys and public addresses (§2), content types by extension,
 * and the version tag that lets an address be cached for good.
 */
import { createHash } from 'node:crypto';
import { extensionOf } from '@canopy/core';
import type { ContentItemRow } from '../../db/schema';
import type { Storage } from '../../storage/index';

/** Public prefix of media addresses (§2: the media-library folder path). */
export const MEDIA_URL_PREFIX = '/media-library';
/** Storage prefix of media files; uploads in progress live under STAGING_PREFIX. */
export const MEDIA_KEY_PREFIX = 'media';
export const STAGING_PREFIX = 'media-staging';
/** The directory of items whose ancestors name none. */
export const DEFAULT_MEDIA_DIRECTORY = 'media';

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function contentTypeOf(extension: string): string {
  return CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

/** The key of a single-file item: named by its content id, never by the uploader's file name. */
export function mediaKey(directory: string, contentId: string, extension: string): string {
  return `${MEDIA_KEY_PREFIX}/${directory}/${contentId}.${extension}`;
}

/** The folder of a multi-stream video. */
export function collectionKey(directory: string, contentId: string): string {
  return `${MEDIA_KEY_PREFIX}/${directory}/${contentId}`;
}

/** A storage key's public address, with `?v=` naming the stored bytes when given. */
export function mediaUrlOf(key: string, version?: string): string {
  const path = `${MEDIA_URL_PREFIX}/${key.slice(MEDIA_KEY_PREFIX.length + 1)}`;
  return version ? `${path}?v=${version}` : path;
}

/** A short tag of a stored object's validator: it changes whenever the bytes do. */
export function versionTag(etag: string): string {
  return createHash('sha256').update(etag).digest('base64url').slice(0, 12);
}

/**
 * Removes every file of a deleted media item: its file (or a multi-stream video's folder) and
 * the renditions made from it. What is already gone is no error.
 */
export async function removeMediaFiles(
  storage: Storage,
  item: Pick<
    ContentItemRow,
    'content_id' | 'content_type_id' | 'media_url' | 'media_library_directory'
  >,
): Promise<void> {
  const directory = item.media_library_directory;
  if (!directory) return;
  if (item.content_type_id === 'multi-stream-video') {
    await storage.deletePrefix(collectionKey(directory, item.content_id));
  } else {
    const extension = item.media_url ? extensionOf(item.media_url) : null;
    if (extension && item.media_url?.startsWith(`${MEDIA_URL_PREFIX}/`)) {
      await storage.delete(mediaKey(directory, item.content_id, extension));
    }
  }
  await storage.deletePrefix(renditionsKey(directory, item.content_id));
}

/** Storage prefix of the renditions made from media files (resized WebP images, posters). */
export const RENDITIONS_PREFIX = 'media-renditions';

/** The folder of one item's renditions. */
export function renditionsKey(directory: string, contentId: string): string {
  return `${RENDITIONS_PREFIX}/${directory}/${contentId}`;
}
