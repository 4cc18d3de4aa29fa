/**
 * Where media files live: storage keys and public addresses (§2), content types by extension,
 * and the version tag that lets an address be cached for good.
 */
import { createHash } from 'node:crypto';

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
