/**
 * Security headers, one policy per part of the server, set as a request arrives (so a route may
 * still set its own, and the provider's hijacked answers copy them):
 * - the admin and the page editor (/admin): a strict Content-Security-Policy, framed by this
 *   origin only;
 * - the sign-in pages (/oidc): framed by this origin only (the silent renewal's hidden frame);
 * - the API (/api): CORS for the listed origins only, and no caching of authenticated answers;
 * - everything else (sites, preview, media, micro-app files): nosniff and a Referrer-Policy; a
 *   site's own CSP and framing come from CANOPY_SITE_HEADERS (plugins/site.ts).
 * Every answer: `X-Content-Type-Options: nosniff`, a Referrer-Policy, and HSTS when configured.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, SecurityConfig } from '../config';
import { PUBLIC_ACTOR } from '../auth/actor';

type Headers = Record<string, string | string[]>;

const REFERRER_POLICY = 'strict-origin-when-cross-origin';
const SAME_ORIGIN_FRAMING = { 'x-frame-options': 'SAMEORIGIN' };

/** Methods and request headers a listed origin may use (answered to its preflight). */
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'authorization, content-type, x-api-key, if-none-match, if-match';
const CORS_MAX_AGE = '600';

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

function originOf(url: string | undefined): string[] {
  if (!url || !URL.canParse(url)) return [];
  return [new URL(url).origin];
}

/** Host names the sites are served on: the admin's live view and the page editor frame them. */
function siteHosts(config: Config): string[] {
  const { sites, stored = {} } = config.publishing;
  const hosts = [...Object.values(sites), ...Object.values(stored)].flatMap((targets) => [
    ...(targets.delivery?.hosts ?? []),
    ...(targets.preview?.hosts ?? []),
  ]);
  return [...new Set(hosts)];
}

/**
 * The admin's and page editor's policy. Styles allow 'unsafe-inline': Mantine injects its CSS
 * (and CSS variables) in <style> elements and positions with style attributes; scripts never.
 * The page editor shows the site's page, whose images, videos and micro-app frames may come
 * from any https address (`site`); scripts still only from this origin.
 */
export function adminPolicy(config: Config, site = false): string {
  const content = site ? ['https:'] : [];
  const issuer = originOf(config.auth.external?.issuer);
  const microapps = originOf(config.microappApiBase);
  const self = ["'self'"];
  return policy({
    'default-src': self,
    'script-src': self,
    'style-src': [...self, "'unsafe-inline'"],
    'img-src': [...self, 'data:', 'blob:', ...content],
    'media-src': [...self, 'data:', 'blob:', ...content],
    'font-src': [...self, 'data:'],
    'frame-src': [...self, 'blob:', 'data:', ...issuer, ...siteHosts(config), ...content],
    'worker-src': [...self, 'blob:'],
    'connect-src': [...self, ...issuer, ...microapps],
    'object-src': ["'none'"],
    'base-uri': self,
    'frame-ancestors': self,
  });
}

/** The sign-in pages: styles inline in the page, a data: logo, nothing else loaded. */
export const SIGN_IN_POLICY = policy({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ['data:'],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'self'"],
});

type Part = 'admin' | 'pageEditor' | 'oidc' | 'api' | 'site';

/** Whether `url` is `prefix` or under it (the next character ends the path or a segment). */
function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charCodeAt(prefix.length);
  // The end, '/', or '?' (the query): NaN, 47, 63.
  return Number.isNaN(next) || next === 47 || next === 63;
}

function partOf(url: string): Part {
  if (isUnder(url, '/admin/page-editor')) return 'pageEditor';
  if (isUnder(url, '/admin')) return 'admin';
  if (isUnder(url, '/oidc')) return 'oidc';
  if (isUnder(url, '/api')) return 'api';
  return 'site';
}

/** The headers a site's delivery or preview page answers with: the site's own, then preview's. */
export function siteHeaders(
  security: SecurityConfig,
  siteId: string,
  mode: 'delivery' | 'preview',
): Headers {
  const own: Headers = { ...security.siteHeaders[siteId] };
  if (mode === 'delivery') return own;
  // Preview pages are the reader's own: never kept by shared caches, never framed elsewhere.
  const csp = own['content-security-policy'];
  return {
    ...own,
    'cache-control': 'private, no-cache',
    ...SAME_ORIGIN_FRAMING,
    // Both policies apply: the site's, and preview's framing rule.
    'content-security-policy': csp
      ? [csp as string, "frame-ancestors 'self'"]
      : "frame-ancestors 'self'",
  };
}

/** The headers every answer carries, and all the API's carry (besides `Vary` and CORS). */
export function apiHeaders(security: SecurityConfig): Headers {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    ...(security.hsts && { 'strict-transport-security': security.hsts }),
  };
}

export const securityPlugin = fp(
  async (app) => {
    const { config } = app.canopy;
    const { security } = config;
    const common = apiHeaders(security);
    const browserApp = (csp: string): Headers => ({
      ...common,
      'content-security-policy': csp,
      ...SAME_ORIGIN_FRAMING,
      // The renewal pop-up (another window of this origin) reports back to its opener.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
    const parts: Record<Exclude<Part, 'admin' | 'pageEditor'>, Headers> = {
      oidc: browserApp(SIGN_IN_POLICY),
      api: common,
      site: common,
    };
    const selfOrigin = new URL(config.publicUrl).origin;
    const corsOrigins = new Set([...security.corsOrigins, ...config.auth.allowedOrigins]);

    function cors(request: FastifyRequest, reply: FastifyReply): boolean {
      const origin = request.headers.origin;
      reply.header('vary', 'Origin');
      if (!origin || origin === selfOrigin) return true;
      if (!corsOrigins.has(origin)) return false;
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers':
          'etag, location, retry-after, www-authenticate, x-total-count',
      });
      return true;
    }

    // Hooks with callbacks, not promises: they run on every request and never wait.
    app.addHook('onRequest', (request, reply, done) => {
      const part = partOf(request.url);
      // The sites' host names change in the admin: the frame policy follows without a restart.
      if (part === 'admin' || part === 'pageEditor')
        reply.headers(browserApp(adminPolicy(config, part === 'pageEditor')));
      else reply.headers(parts[part]);
      if (part !== 'api') return done();
      const allowed = cors(request, reply);
      const preflight =
        request.method === 'OPTIONS' && request.headers['access-control-request-method'];
      if (!preflight) return done();
      // Answered here: the route is never reached.
      if (!allowed) {
        reply.code(403).send({
          code: 'FORBIDDEN',
          message: `Pages of ${request.headers.origin ?? 'this origin'} may not call the API from the browser; add the origin to CANOPY_CORS_ORIGINS`,
        });
        return;
      }
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': CORS_METHODS,
          'access-control-allow-headers': CORS_HEADERS,
          'access-control-max-age': CORS_MAX_AGE,
        })
        .send();
    });

    // An answer given to an identity is that identity's: no cache may keep it.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (partOf(request.url) === 'api') {
        const credentials =
          request.headers.authorization !== undefined ||
          request.headers['x-api-key'] !== undefined ||
          (request.actor !== null && request.actor !== PUBLIC_ACTOR);
        if (credentials) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'canopy-security', dependencies: ['canopy-context'] },
);
