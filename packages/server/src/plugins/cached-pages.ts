/**
 * Published pages the read cache already holds, answered as a request arrives, before Fastify
 * makes its request and reply objects, routes the URL and runs a dozen hooks for bytes that are
 * ready. A published page is the one route a site's front end calls for every visit, and for a
 * cached page that machinery was most of the server's own time per request (about 15 us of
 * JavaScript against 6 us for a bare Fastify route sending the same bytes).
 *
 * The front answers only what it can answer exactly as the route would: `GET /api/contents` with
 * `site_id` and `page_url` and nothing else, from a caller known without waiting (no
 * `Authorization` header when public delivery is on, or a bearer token verified before), no
 * `Origin` of another site (CORS), request logging off, no change from another instance still
 * being applied, and the page in the read cache. Anything else goes to the router untouched.
 * Its answer carries the same headers (the API's security headers, `Vary`, the request id,
 * `Cache-Control: no-store` for a caller with credentials) and is counted in the same metrics.
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import type { FastifyServerFactory } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import { PUBLIC_ACTOR, type Actor } from '../auth/actor';
import { API_KEY_HEADER } from '../auth/api-keys';
import { publishedPageKey } from '../operations/contents/read-published';
import { REQUEST_ID_HEADER, requestId } from './request-id';
import { TOKEN_IN_URL, verifiedBearer } from './auth';
import { apiHeaders } from './security';

/** Fastify's own, in the options it hands its server factory. */
interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

type Answer = (request: IncomingMessage, response: ServerResponse) => boolean;

const PATH = '/api/contents?';
/** The route's pattern, as Fastify names it in the request metrics. */
const ROUTE = '/api/contents';

/**
 * Fastify's `serverFactory`: Node's HTTP server as Fastify makes it, with `answer` asked first
 * once the app is ready (`use`). Until then, and whenever it declines, Fastify handles the request.
 */
export class RouterFront {
  private answer: Answer | undefined;

  use(answer: Answer | undefined): void {
    this.answer = answer;
  }

  readonly serverFactory: FastifyServerFactory = (handler, given) => {
    const options = given as unknown as ServerTimeouts & { http?: ServerOptions };
    const server: Server = createServer(options.http ?? {}, (request, response) => {
      if (!this.answer?.(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself (its defaults are filled in by now).
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** The page's site and Page URL when the query holds those two and nothing else. */
function pageQuery(url: string): { siteId: string; pageUrl: string } | undefined {
  const query = parseQuery(url.slice(PATH.length)) as Record<string, unknown>;
  let keys = 0;
  for (const _ in query) keys++;
  const { site_id: siteId, page_url: pageUrl } = query;
  if (keys !== 2 || typeof siteId !== 'string' || typeof pageUrl !== 'string') return undefined;
  return { siteId, pageUrl };
}

export const cachedPagesPlugin = fp<{ front: RouterFront }>(
  async (app, { front }) => {
    const { config, readCache, verifiedTokens, signals } = app.canopy;
    const { auth } = config;
    const selfOrigin = new URL(config.publicUrl).origin;
    // Name, value, name, value: Node writes a flat list as it is, without walking an object.
    const headers = Object.entries({ ...apiHeaders(config.security), vary: 'Origin' }).flatMap(
      ([name, value]) => [value].flat().flatMap((one) => [name, one]),
    );
    const json = 'application/json; charset=utf-8';
    const requestLines = config.logLevel === 'debug' || config.logLevel === 'trace';

    /** The caller, when known without waiting and when the route would let them in at once. */
    function callerOf(request: IncomingMessage): Actor | undefined {
      const header = request.headers.authorization;
      if (header !== undefined) return verifiedBearer(header, verifiedTokens);
      if (request.headers[API_KEY_HEADER] !== undefined) return undefined;
      return auth.mode === 'oidc' && auth.publicDelivery ? PUBLIC_ACTOR : undefined;
    }

    const answer: Answer = (request, response) => {
      const { url } = request;
      if (request.method !== 'GET' || !url?.startsWith(PATH) || requestLines) return false;
      // A token in the address is refused by the route, even inside another parameter's value.
      if (TOKEN_IN_URL.test(url)) return false;
      const origin = request.headers.origin;
      if ((origin !== undefined && origin !== selfOrigin) || signals.pending()) return false;
      const started = performance.now();
      const page = pageQuery(url);
      const actor = page && callerOf(request);
      if (!page || !actor) return false;
      const body = readCache.hit(publishedPageKey(actor, page.siteId, page.pageUrl));
      if (!body) return false;
      const pairs = [...headers, REQUEST_ID_HEADER, requestId(request), 'content-type', json];
      if (actor !== PUBLIC_ACTOR) pairs.push('cache-control', 'no-store');
      pairs.push('content-length', String(body.length));
      response.writeHead(200, pairs);
      response.end(body);
      app.metrics.observeRequest('GET', ROUTE, 200, (performance.now() - started) / 1000);
      return true;
    };

    app.addHook('onReady', (done) => {
      front.use(answer);
      done();
    });
    app.addHook('onClose', (_app, done) => {
      front.use(undefined);
      done();
    });
  },
  {
    name: 'canopy-cached-pages',
    dependencies: ['canopy-context', 'canopy-ops', 'canopy-security'],
  },
);
