/**
 * The export file: gzip-compressed NDJSON, one JSON value per line, read and written as a
 * stream (a site of any size never sits in memory).
 *
 *   {"format":"canopy-export","version":1,"created":...,"source":"sqlite","migrations":[...],
 *    "tables":[{"name":...,"columns":[...]}],"media":true}
 *   {"table":"sites","columns":["site_id",...]}      then one array of values per row
 *   {"end":"table","table":"sites","rows":1}
 *   ... every table, parents before the tables that refer to them ...
 *   {"file":"media/...","size":1234,"type":"image/jpeg"}   then base64 strings, `size` bytes in all
 *   {"end":"export","tables":23,"rows":4567,"files":12}
 *
 * The last line proves the file whole: without it the file was cut short.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { DialectName } from '../db/index';

export const FORMAT = 'canopy-export';
export const FORMAT_VERSION = 1;
/** Bytes of a media file per line (base64 makes them a third longer). */
export const CHUNK_BYTES = 48 * 1024;

export interface Header {
  format: typeof FORMAT;
  version: number;
  created: string;
  source: DialectName;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
  media: boolean;
}

export type Value = string | number | null;

export type Line =
  | Header
  | { table: string; columns: string[] }
  | Value[]
  | { end: 'table'; table: string; rows: number }
  | { file: string; size: number; type?: string }
  | string
  | { end: 'export'; tables: number; rows: number; files: number };

/** A clear refusal of a file or a database: the message says what to do. */
export class TransferError extends Error {
  override name = 'TransferError';
}

/** Reads the file's lines one at a time; a damaged or cut-short file is a TransferError. */
export class LineReader {
  private readonly lines: AsyncGenerator<string>;
  /** The number of the line last read (1-based), for messages. */
  lineNumber = 0;

  constructor(private readonly file: string) {
    this.lines = this.read();
  }

  private async *read(): AsyncGenerator<string> {
    const gunzip = createGunzip();
    const input = createReadStream(this.file);
    input.on('error', (error) => gunzip.destroy(error));
    input.pipe(gunzip);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    try {
      for await (const chunk of gunzip) {
        const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
        rest = parts.pop()!;
        yield* parts;
      }
    } catch (error) {
      throw this.damaged(error);
    }
    rest += decoder.end();
    if (rest) yield rest;
  }

  private damaged(error: unknown): TransferError {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return new TransferError(`There is no file ${this.file}`);
    if (code === 'Z_DATA_ERROR' && this.lineNumber === 0) {
      return new TransferError(`${this.file} is not a Canopy export (not a gzip file)`);
    }
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') {
      return new TransferError(
        `${this.file} is truncated or damaged after line ${this.lineNumber} (${(error as Error).message}); export it again`,
      );
    }
    return error instanceof Error
      ? new TransferError(error.message)
      : new TransferError(String(error));
  }

  /** The next line's value, or undefined at the end of the file. */
  async next(): Promise<Line | undefined> {
    const { value, done } = await this.lines.next();
    if (done) return undefined;
    this.lineNumber += 1;
    try {
      return JSON.parse(value) as Line;
    } catch {
      throw new TransferError(
        `${this.file} is damaged: line ${this.lineNumber} is not JSON; export it again`,
      );
    }
  }

  async close(): Promise<void> {
    await this.lines.return(undefined);
  }
}

/** Joins lines into pieces of about 64 KB, so the gzip stream is not fed line by line. */
export async function* batched(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let piece = '';
  for await (const line of lines) {
    piece += `${line}\n`;
    if (piece.length >= 64 * 1024) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}
