/**
 * sharp (libvips, about 30 MB resident once loaded) loads with the first image that needs it, not
 * with the server: an idle server and one that never sees an image do without it.
 */
import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
