/**
 * Responsive images: the widths the server makes WebP renditions at, the limits of `?w=` and
 * `?h=`, the focal point's form, and the `srcset` the site writes for a media image address.
 */
import { extensionOf } from './media';

/** The widths renditions come in; a request is served by the nearest one at or above it. */
export const RENDITION_WIDTHS = [160, 320, 640, 960, 1280, 1920, 2560] as const;
/** The most pixels `?w=` or `?h=` may ask for. */
export const MAX_RENDITION_SIZE = 4000;
/** Raster images renditions are made of (SVG scales by itself). */
export const RENDITION_SOURCES = ['png', 'jpg', 'jpeg', 'gif'] as const;

export function hasRenditions(url: string | null | undefined): boolean {
  if (!url || !url.startsWith('/media-library/')) return false;
  return (RENDITION_SOURCES as readonly string[]).includes(extensionOf(url) ?? '');
}

/** The rendition width that serves a request for `width` pixels: the nearest at or above it. */
export function snapRenditionWidth(width: number): number {
  return RENDITION_WIDTHS.find((w) => w >= width) ?? width;
}

/**
 * The value of a `w` or `h` query parameter as a size, or a message saying what is wrong.
 * Undefined stays undefined (the parameter is optional).
 */
export function parseRenditionSize(
  name: 'w' | 'h',
  value: string | undefined,
): number | undefined | { problem: string } {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value) || Number(value) > MAX_RENDITION_SIZE) {
    return {
      problem: `The query parameter "${name}" must be a whole number of pixels from 1 to ${MAX_RENDITION_SIZE}`,
    };
  }
  return Number(value);
}

/** Where the subject of an image is, as fractions of its width and height from the top left. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/** A media address with `?w=` (and `&h=` when given), keeping its other parameters. */
export function renditionUrl(url: string, width: number, height?: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  if (height !== undefined) params.set('h', String(height));
  else params.delete('h');
  return `${path}?${params.toString()}`;
}

/** `srcset` over the rendition widths up to `maxWidth`, or undefined for other addresses. */
export function renditionSrcSet(
  url: string | null | undefined,
  maxWidth: number = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1]!,
): string | undefined {
  if (!url || !hasRenditions(url)) return undefined;
  return RENDITION_WIDTHS.filter((w) => w >= 320 && w <= maxWidth)
    .map((w) => `${renditionUrl(url, w)} ${w}w`)
    .join(', ');
}
