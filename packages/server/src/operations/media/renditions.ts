/**
 * Responsive images: `?w=` and `?h=` on an image's address give a WebP rendition made by sharp,
 * at the nearest rendition width at or above the one asked for (never larger than the
 * original), cropped around the image's focal point when both are given. Each rendition is made
 * once and kept in storage beside the item's other renditions, keyed by the original's version,
 * so a replaced file or a new focal point never serves an old rendition.
 */
import { buffer as readAll } from 'node:stream/consumers';
import { loadSharp } from './sharp';
import {
  CENTRE,
  RENDITION_SOURCES,
  extensionOf,
  parseRenditionSize,
  snapRenditionWidth,
  type FocalPoint,
} from '@canopy/core';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import type { Storage, StoredObject } from '../../storage/index';
import { MEDIA_KEY_PREFIX, renditionsKey, versionTag } from './files';
import { parseFocalPoint } from './focal-point';

/** Sharp refuses sources with more pixels than this (a decompression bomb guard). */
const MAX_SOURCE_PIXELS = 100_000_000;
const WEBP_QUALITY = 80;

export interface RenditionRequest {
  w?: string | undefined;
  h?: string | undefined;
}

/** The sizes asked for, checked: undefined when the request asks for the original. */
export function renditionSizes(
  key: string,
  query: RenditionRequest,
): { width?: number; height?: number } | undefined {
  if (query.w === undefined && query.h === undefined) return undefined;
  const sizes: { width?: number; height?: number } = {};
  for (const name of ['w', 'h'] as const) {
    const parsed = parseRenditionSize(name, query[name]);
    if (typeof parsed === 'object') fail('VALIDATION_FAILED', parsed.problem);
    if (parsed !== undefined) sizes[name === 'w' ? 'width' : 'height'] = parsed;
  }
  const extension = extensionOf(key) ?? '';
  if (!(RENDITION_SOURCES as readonly string[]).includes(extension)) {
    fail(
      'VALIDATION_FAILED',
      `Renditions (w and h) are made of ${RENDITION_SOURCES.join(', ')} images; a .${extension} file is served as it is`,
    );
  }
  return sizes;
}

/**
 * The box a rendition fills: the width snapped to the rendition widths (the height follows the
 * ratio asked for), or the height snapped when only a height is asked for.
 */
export function renditionBox(sizes: { width?: number; height?: number }): {
  width?: number;
  height?: number;
} {
  if (sizes.width !== undefined) {
    const width = snapRenditionWidth(sizes.width);
    if (sizes.height === undefined) return { width };
    return { width, height: Math.max(1, Math.round((sizes.height * width) / sizes.width)) };
  }
  return { height: snapRenditionWidth(sizes.height!) };
}

/** The content id a single-file media key names (media/{directory}/{id}.{ext}). */
function contentIdOf(key: string): { directory: string; contentId: string } | undefined {
  const match = new RegExp(`^${MEDIA_KEY_PREFIX}/(.+)/([^/]+)\\.[^./]+$`).exec(key);
  return match ? { directory: match[1]!, contentId: match[2]! } : undefined;
}

async function focalPointOf(db: Db, contentId: string): Promise<FocalPoint> {
  const row = await db
    .selectFrom('content_items')
    .select('focal_point')
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return parseFocalPoint(row?.focal_point) ?? CENTRE;
}

/** Makes the rendition's bytes: WebP, oriented, never enlarged, a crop kept on the focal point. */
export async function renderRendition(
  source: Buffer,
  box: { width?: number; height?: number },
  focal: FocalPoint,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
  const meta = await image.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (turned ? meta.height : meta.width) ?? 1;
  const sourceHeight = (turned ? meta.width : meta.height) ?? 1;
  if (box.width === undefined || box.height === undefined) {
    return image
      .resize({ ...box, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  }
  // a crop: the box shrunk to fit the original (same ratio), the image scaled to cover it, and
  // the box placed around the focal point without leaving the image
  const shrink = Math.min(1, sourceWidth / box.width, sourceHeight / box.height);
  const width = Math.max(1, Math.round(box.width * shrink));
  const height = Math.max(1, Math.round(box.height * shrink));
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const scaledWidth = Math.max(width, Math.round(sourceWidth * scale));
  const scaledHeight = Math.max(height, Math.round(sourceHeight * scale));
  const clamp = (value: number, most: number) => Math.min(Math.max(value, 0), most);
  const left = clamp(Math.round(focal.x * scaledWidth - width / 2), scaledWidth - width);
  const top = clamp(Math.round(focal.y * scaledHeight - height / 2), scaledHeight - height);
  return image
    .resize(scaledWidth, scaledHeight)
    .extract({ left, top, width, height })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** Renditions being made right now, by key: concurrent requests for one wait for one render. */
const inFlight = new Map<string, Promise<StoredObject>>();

/**
 * The stored rendition of the original at `key` for the sizes asked for, made now if it does
 * not exist yet; undefined when there is no such original.
 */
export async function renditionOf(
  ctx: { db: Db; storage: Storage },
  key: string,
  source: StoredObject,
  sizes: { width?: number; height?: number },
): Promise<StoredObject | undefined> {
  const names = contentIdOf(key);
  if (!names) return undefined;
  const box = renditionBox(sizes);
  const crop = box.width !== undefined && box.height !== undefined;
  const focal = crop ? await focalPointOf(ctx.db, names.contentId) : CENTRE;
  const size = `${box.width ?? 'auto'}x${box.height ?? 'auto'}`;
  const place = crop ? `-${Math.round(focal.x * 1000)}-${Math.round(focal.y * 1000)}` : '';
  const cacheKey = `${renditionsKey(names.directory, names.contentId)}/${versionTag(source.etag)}-${size}${place}.webp`;

  const cached = await ctx.storage.stat(cacheKey);
  if (cached) return cached;
  let making = inFlight.get(cacheKey);
  if (!making) {
    making = (async () => {
      const original = await ctx.storage.get(key);
      if (!original) fail('NOT_FOUND', 'There is no media file at this address');
      const bytes = await renderRendition(await readAll(original.body), box, focal);
      return ctx.storage.put(cacheKey, bytes, { contentType: 'image/webp' });
    })().finally(() => inFlight.delete(cacheKey));
    inFlight.set(cacheKey, making);
  }
  return making;
}
