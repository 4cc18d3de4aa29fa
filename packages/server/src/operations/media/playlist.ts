/**
 * HLS playlist checks: a playlist of a multi-stream video may only name files of its own folder
 * (no `../`, no absolute paths, no external URLs), in its URI lines and URI="..." attributes.
 */
import { formatFileDimensions } from '@canopy/core';
import { fail } from '../../errors';

/** A file of a multi-stream video's folder: letters, digits, '-', '_' and '.', no path. */
export const COLLECTION_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export function playlistErrors(text: string, fileName: string): string[] {
  if (!text.startsWith('#EXTM3U')) {
    return [`${fileName}: this is not an HLS playlist (the first line must be #EXTM3U)`];
  }
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const uris = line.startsWith('#')
      ? [...line.matchAll(/URI="([^"]*)"/g)].map((match) => match[1]!)
      : [line];
    for (const uri of uris) {
      if (!COLLECTION_FILE_NAME.test(uri)) {
        errors.push(
          `${fileName}: line ${index + 1} names "${uri}"; a playlist may only name files of its own folder`,
        );
      }
    }
  });
  return errors;
}

/** Refuses a playlist that names anything outside its folder; passes it on unchanged. */
export function checkedPlaylist(bytes: Buffer, fileName: string): Buffer {
  const errors = playlistErrors(bytes.toString('utf8'), fileName);
  if (errors.length > 0) fail('VALIDATION_FAILED', errors.join('; '), { errors });
  return bytes;
}

/** For a master playlist: how many streams and the largest resolution ('640 x 360, 2 streams'). */
export function masterPlaylistInfo(text: string): string | null {
  const streams = [...text.matchAll(/#EXT-X-STREAM-INF:([^\r\n]*)/g)];
  if (streams.length === 0) return null;
  let best: { width: number; height: number } | undefined;
  for (const [, attributes] of streams) {
    const match = /RESOLUTION=(\d+)x(\d+)/.exec(attributes!);
    if (!match) continue;
    const [width, height] = [Number(match[1]), Number(match[2])];
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  const count = `${streams.length} stream${streams.length === 1 ? '' : 's'}`;
  return best ? `${formatFileDimensions(best.width, best.height)}, ${count}` : count;
}
