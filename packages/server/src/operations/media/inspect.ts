/**
 * What an upload's bytes are, checked as they arrive: the type is sniffed from the first bytes
 * (`file-type`) and must match the extension, so an HTML page named .jpg is refused (SVG is
 * read and sanitised in svg.ts); dimensions come from sharp (images) or the MP4's track header.
 */
import { Readable, Transform } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { loadSharp } from './sharp';
import { MAX_MEDIA_FILE_SIZE } from '@canopy/core';
import { AppError } from '../../errors';
import { limited, STREAM_BUFFER } from '../../storage/index';
import type { Storage } from '../../storage/index';
import { notSvgMessage, svgHeadProblem } from './svg';

const HEAD_BYTES = 4100;

/** What file-type must report for each extension; null: a text format it reports as nothing. */
const SNIFFED: Record<string, readonly string[] | null> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  mp4: ['mp4', 'm4v', 'mov'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  txt: null,
  m3u8: null,
};

/** ISO-BMFF boxes a fragmented-MP4 segment (.m4s) may start with. */
const SEGMENT_BOXES = new Set(['ftyp', 'styp', 'moof', 'sidx', 'emsg', 'prft']);

export function contentMismatchMessage(fileName: string, extension: string): string {
  return `${fileName}: the content of this file is not a .${extension} file`;
}

/** Why the first bytes do not match the extension (the 400's message), or undefined. */
async function headProblem(
  head: Buffer,
  fileName: string,
  extension: string,
): Promise<string | undefined> {
  // Loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(head);
  if (extension === 'svg') {
    const why = svgHeadProblem(head, sniffed?.ext);
    return why && notSvgMessage(fileName, why);
  }
  const matches =
    extension === 'm4s'
      ? head.length >= 8 && SEGMENT_BOXES.has(head.toString('latin1', 4, 8))
      : headMatches(sniffed?.ext, head, SNIFFED[extension]);
  return matches ? undefined : contentMismatchMessage(fileName, extension);
}

function headMatches(
  sniffed: string | undefined,
  head: Buffer,
  expected: readonly string[] | null | undefined,
): boolean {
  if (expected === undefined) return false;
  if (expected === null) return sniffed === undefined && !head.includes(0);
  return sniffed !== undefined && expected.includes(sniffed);
}

/**
 * Passes a file through once its first bytes show it is what its extension says; otherwise
 * fails with a 400 naming the file, before anything is stored.
 */
export function sniffed(source: Readable, fileName: string, extension: string): Readable {
  const chunks: Buffer[] = [];
  let held = 0;
  let checked = false;
  const check = async (stream: Transform) => {
    checked = true;
    const head = Buffer.concat(chunks);
    const problem = await headProblem(head.subarray(0, HEAD_BYTES), fileName, extension);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { errors: [problem] });
    stream.push(head);
  };
  const gate = new Transform({
    highWaterMark: STREAM_BUFFER,
    transform(chunk: Buffer, _encoding, done) {
      if (checked) return done(null, chunk);
      chunks.push(chunk);
      held += chunk.length;
      if (held < HEAD_BYTES) return done();
      check(this).then(() => done(), done);
    },
    flush(done) {
      if (checked) return done();
      check(this).then(() => done(), done);
    },
  });
  source.on('error', (error) => gate.destroy(error));
  return source.pipe(gate);
}

/** Reads a text upload whole (at most the size cap), checking its first bytes as above. */
export async function readChecked(
  source: Readable,
  fileName: string,
  extension: string,
): Promise<Buffer> {
  return readAll(limited(sniffed(source, fileName, extension), MAX_MEDIA_FILE_SIZE));
}

export interface Dimensions {
  width: number;
  height: number;
}

/** An image's width and height (sharp reads PNG, JPEG, GIF and SVG). */
export async function imageDimensions(
  storage: Storage,
  key: string,
): Promise<Dimensions | undefined> {
  const found = await storage.get(key);
  if (!found) return undefined;
  const sharp = await loadSharp();
  const reader = sharp();
  found.body.pipe(reader);
  const meta = await reader.metadata().catch(() => undefined);
  found.body.destroy();
  return meta?.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
}

async function readRange(storage: Storage, key: string, start: number, end: number) {
  const found = await storage.get(key, { start, end });
  return found ? readAll(found.body) : Buffer.alloc(0);
}

/** Boxes inside `moov` that lead to a track header. */
const CONTAINERS = new Set(['moov', 'trak']);

function findTrackSize(box: Buffer): Dimensions | undefined {
  let offset = 0;
  while (offset + 8 <= box.length) {
    const size = box.readUInt32BE(offset);
    const type = box.toString('latin1', offset + 4, offset + 8);
    if (size < 8 || offset + size > box.length) return undefined;
    const body = box.subarray(offset + 8, offset + size);
    if (CONTAINERS.has(type)) {
      const found = findTrackSize(body);
      if (found) return found;
    } else if (type === 'tkhd' && body.length >= 84) {
      // width and height are 16.16 fixed-point numbers at the end of the track header
      const width = body.readUInt32BE(body.length - 8) >>> 16;
      const height = body.readUInt32BE(body.length - 4) >>> 16;
      if (width > 0 && height > 0) return { width, height };
    }
    offset += size;
  }
  return undefined;
}

/**
 * A video's width and height from its MP4 track header, reading only box headers and the
 * `moov` box (range reads), wherever in the file `moov` is.
 */
export async function mp4Dimensions(
  storage: Storage,
  key: string,
  fileSize: number,
): Promise<Dimensions | undefined> {
  let offset = 0;
  while (offset + 8 <= fileSize) {
    const header = await readRange(storage, key, offset, Math.min(offset + 15, fileSize - 1));
    if (header.length < 8) return undefined;
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (size === 1 && header.length >= 16) size = Number(header.readBigUInt64BE(8));
    else if (size === 0) size = fileSize - offset;
    if (size < 8) return undefined;
    if (type === 'moov') {
      if (size > 64 * 1024 * 1024) return undefined;
      const moov = await readRange(storage, key, offset, offset + size - 1);
      return findTrackSize(moov);
    }
    offset += size;
  }
  return undefined;
}

/** Reads a Buffer or stream source as a Readable (the seed and tests pass buffers). */
export function asReadable(source: Readable | Buffer): Readable {
  return Buffer.isBuffer(source) ? Readable.from([source]) : source;
}
