/**
 * What every store does to a body it is given: count its bytes against a limit as they pass,
 * holding up to STREAM_BUFFER while the store writes.
 */
import { Transform, pipeline as pipelineCallback, type Readable } from 'node:stream';
import { StorageLimitError } from './storage';

/**
 * Bytes a streamed put may hold while the file is being written (Node's default is 16 KiB): the
 * sender is read on meanwhile, and what arrived during one write goes to the file in the next
 * (one writev), instead of each 64 KiB chunk waiting for the last one's write.
 */
export const STREAM_BUFFER = 1024 * 1024;

/** Counts bytes as they pass and fails the stream once more than `maxBytes` went through. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    highWaterMark: STREAM_BUFFER,
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new StorageLimitError(maxBytes));
      else done(null, chunk);
    },
  });
}

/** `body` through a byteLimit, passing on the body's own errors. */
export function limited(body: Readable, maxBytes: number | undefined): Readable {
  if (maxBytes === undefined) return body;
  // The callback form listens for errors on both from now on, so none goes unhandled before the
  // caller starts reading; a failed body leaves the counter errored for the caller to see.
  return pipelineCallback(body, byteLimit(maxBytes), () => undefined);
}
