/**
 * What a media address previews as (§2 Field editors: image, video, streaming video, a PDF in a
 * frame, an icon for Word, Excel, PowerPoint or another document) and the address a preview
 * loads: with §9's cache-busting query, except on blob addresses of files not uploaded yet.
 */
import { extensionOf } from '@canopy/core';

export type PreviewKind =
  'image' | 'video' | 'stream' | 'pdf' | 'word' | 'excel' | 'powerpoint' | 'document';

const KIND_OF_EXTENSION: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  svg: 'image',
  mp4: 'video',
  m3u8: 'stream',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
};

/** The preview an address gets by its extension; any other file is a plain document. */
export function previewKindOf(url: string): PreviewKind {
  const extension = extensionOf(url);
  return (extension && KIND_OF_EXTENSION[extension]) || 'document';
}

/** The query parameter that makes a preview fetch the file again (§9). */
export const CACHE_BUST_PARAM = 'cb';

/** `url` with the cache-busting query `stamp`; blob (and data) addresses are left alone. */
export function cacheBusted(url: string, stamp: number | string): string {
  if (/^(blob|data):/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${CACHE_BUST_PARAM}=${encodeURIComponent(String(stamp))}${hash}`;
}

/** The address as a link to share: absolute, on the admin's origin when it was a path. */
export function absoluteUrl(url: string, origin = globalThis.location?.origin ?? ''): string {
  try {
    return new URL(url, origin || undefined).href;
  } catch {
    return url;
  }
}

/**
 * The file name a download is saved as: the item's name with the file's extension when a name
 * is given (stored files are named by content id), else the last segment of the path.
 */
export function downloadNameOf(url: string, itemName?: string | null): string {
  const path = url.split(/[?#]/, 1)[0]!;
  const segment = path.split('/').pop() || 'download';
  let stored = segment;
  try {
    stored = decodeURIComponent(segment);
  } catch {
    // a malformed escape: keep the segment as it is
  }
  const name = itemName?.replace(/[\\/:*?"<>|]+/g, ' ').trim();
  if (!name) return stored;
  const extension = extensionOf(stored);
  return extension && !name.toLowerCase().endsWith(`.${extension}`) ? `${name}.${extension}` : name;
}
