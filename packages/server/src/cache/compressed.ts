/**
 * Large cached replies in gzip for the callers that accept it (every browser does): the
 * administrator's menu tree of 10,000 items is 5.6 MB of JSON and 0.4 MB in gzip.
 * Each cached body is compressed once, off the main thread (zlib runs on libuv's pool), and the
 * compressed bytes live exactly as long as the body they were made from: a write that replaces
 * or patches a cached body starts a new one. Until its gzip is ready, and for small replies,
 * the body goes as it is.
 */
import { gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { lend } from './lent-bytes';

/** Below this, compressing saves less time on the wire than it costs. */
const MIN_BYTES = 64 * 1024;

/** Each body's gzip once made; null while it is being made. */
const made = new WeakMap<Buffer, Buffer | null>();

/** The body's gzip if it is ready; starts making it if not. */
export function gzipOf(body: Buffer): Buffer | undefined {
  if (body.length < MIN_BYTES) return undefined;
  const done = made.get(body);
  if (done) return done;
  if (done === undefined) {
    made.set(body, null);
    const release = lend(body);
    // Level 1: about 10 ms a megabyte; higher levels take longer and save little more here.
    gzip(body, { level: 1 }, (error, compressed) => {
      release();
      if (error) made.delete(body);
      else made.set(body, compressed);
    });
  }
  return undefined;
}

/** Whether an Accept-Encoding header takes gzip. */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiate(header, ['gzip']) === 'gzip';
}
