/**
 * Media files at /media-library/{directory}/{content_id}.{ext} and, for a multi-stream video,
 * /media-library/{directory}/{content_id}/{file} (§2). Public by address, like most CMSs' media:
 * the content id in the address is the secret there is. Served with the type of the extension,
 * nosniff, an ETag (304), single byte ranges (206, 416), and a cache policy that depends on the
 * address: with the current `?v=` tag it never changes (a year, immutable); without it caches
 * revalidate every time (no-cache + ETag), so a replaced file shows at once. `?w=` and `?h=` on a
 * PNG, JPEG or GIF answer a WebP rendition (operations/media/renditions.ts) with the same rules.
 */
import type { FastifyPluginAsync } from 'fastify';
import { extensionOf } from '@canopy/core';
import { checkKey } from '../../storage/index';
import { renditionOf, renditionSizes } from '../../operations/media/renditions';
import {
  MEDIA_KEY_PREFIX,
  MEDIA_URL_PREFIX,
  contentTypeOf,
  versionTag,
} from '../../operations/media/files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';
/** SVG is sanitised on upload; this keeps it inert even when opened on its own. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** One `bytes=` range of a file of `size` bytes; null when unsatisfiable, undefined when absent. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // several or malformed: whole file
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

function notFound() {
  return { code: 'NOT_FOUND', message: 'There is no media file at this address' };
}

export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  const { storage, db } = app.canopy;
  app.get<{ Params: { '*': string }; Querystring: { v?: string; w?: string; h?: string } }>(
    `${MEDIA_URL_PREFIX}/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const key = `${MEDIA_KEY_PREFIX}/${request.params['*']}`;
      try {
        checkKey(key);
      } catch {
        return reply.status(404).send(notFound());
      }
      const sizes = renditionSizes(key, request.query);
      const original = await storage.stat(key);
      if (!original) return reply.status(404).send(notFound());
      const current =
        request.query.v !== undefined && request.query.v === versionTag(original.etag);
      const object = sizes ? await renditionOf({ db, storage }, key, original, sizes) : original;
      if (!object) return reply.status(404).send(notFound());

      const extension = sizes ? 'webp' : (extensionOf(key) ?? '');
      reply
        .header('Content-Type', contentTypeOf(extension))
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', object.etag)
        .header('Last-Modified', object.modified.toUTCString())
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', current ? IMMUTABLE : REVALIDATE);
      if (extension === 'svg') reply.header('Content-Security-Policy', SVG_POLICY);

      const ifNoneMatch = request.headers['if-none-match'];
      if (
        ifNoneMatch &&
        ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === object.etag || tag === '*')
      ) {
        return reply.status(304).send();
      }
      const ifRange = request.headers['if-range'];
      const range =
        ifRange && ifRange !== object.etag
          ? undefined
          : parseRange(request.headers.range, object.size);
      if (range === null) {
        return reply
          .status(416)
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Range', `bytes */${object.size}`)
          .send({ code: 'RANGE_NOT_SATISFIABLE', message: `The file has ${object.size} bytes` });
      }
      const found = await storage.get(object.key, range);
      if (!found) return reply.status(404).send(notFound());
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', object.size);
      }
      return reply.send(found.body);
    },
  );
};
