/**
 * Object storage for media files and static builds: one interface, with the data folder and
 * S3-compatible stores behind it. Keys are relative POSIX paths checked by `checkKey`, so no key
 * can reach outside the store.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  /** A strong validator for the bytes stored under the key (quoted, as HTTP sends it). */
  etag: string;
  modified: Date;
  contentType?: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive; the end of the object when absent. */
  end?: number;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (StorageLimitError) and keep nothing once more than this many bytes arrived. */
  maxBytes?: number;
}

export interface Storage {
  /** Stores a stream or buffer under `key`; readers see the old object or the whole new one. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<StoredObject>;
  /** The object's bytes (a range of them when asked), or undefined when there is none. */
  get(
    key: string,
    range?: ByteRange,
  ): Promise<{ object: StoredObject; body: Readable } | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all when empty), in key order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Renames an object, replacing what was at `to`. */
  move(from: string, to: string): Promise<void>;
  /** Copies an object, replacing what was at `to`; readers of `to` see the old or the new bytes. */
  copy(from: string, to: string): Promise<void>;
  /** Releases connections and handles. */
  close(): Promise<void>;
}

/** More bytes arrived than `maxBytes` allows; nothing was kept. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws unless `key` is a relative path of safe segments (no `..`, no empty segment). */
export function checkKey(key: string): string {
  const segments = key.split('/');
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
  if (!ok) throw new Error(`invalid storage key "${key}"`);
  return key;
}
