/**
 * The bearer token on every call and §8's rules for tokens: a call whose token has already
 * expired is held (never sent with it) while the token is renewed silently, and goes out with
 * the new one; a 401 triggers renewal, and a read is sent again once it has a new token. Calls
 * that need a renewal at the same time share one.
 */
import type { Middleware } from 'openapi-fetch';

/** Calls whose 401 means "this person may not be here at all" (§2 Routes, §6, §8). */
const UNAUTHORIZED_PAGE_PATHS = [/^\/api\/menus(\/|$)/, /^\/api\/references(\/|$)/];

/**
 * A token this close to its expiry counts as expired: a call sent with it would reach the
 * server (which allows no leeway) after the expiry and come back as a 401.
 */
export const TOKEN_EXPIRY_MARGIN_MS = 1000;

/** What a held call answers when its token expired and could not be renewed. */
export const SESSION_EXPIRED = {
  code: 'SESSION_EXPIRED',
  message: 'Your sign-in has expired. Sign in again to go on.',
} as const;

export interface TokenOptions {
  /**
   * The current access token, or null in gateway mode (identity travels in the gateway's
   * cookies; requests then carry credentials instead of a bearer token).
   */
  getToken: () => string | null | Promise<string | null>;
  /** When the current token expires, in milliseconds since the epoch; null when unknown. */
  getTokenExpiry?: () => number | null;
  /**
   * Renews the token silently; resolves true once a new one is there. Without it, a 401 is only
   * reported (`onUnauthorized`) and expired tokens are sent as they are.
   */
  renew?: () => Promise<boolean>;
  /**
   * A 401 that renewal did not cure; `toUnauthorized` is true for menus and references, whose
   * 401 sends the person to the unauthorized page (§8) and is never renewed or sent again.
   */
  onUnauthorized?: (event: { path: string; toUnauthorized: boolean }) => void;
}

/** Whether a 401 from this API path sends the person to the unauthorized page (§8). */
export function sendsToUnauthorizedPage(path: string): boolean {
  return UNAUTHORIZED_PAGE_PATHS.some((pattern) => pattern.test(path));
}

/** Whether a token expiring at `expiresAtMs` must not be sent at `nowMs`. */
export function tokenExpired(expiresAtMs: number | null, nowMs: number): boolean {
  return expiresAtMs !== null && nowMs >= expiresAtMs - TOKEN_EXPIRY_MARGIN_MS;
}

/** `run`, but callers that come while it runs get the same promise instead of another run. */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}

/** Reads carry no body, so the same request can be sent again with a new token. */
function canSendAgain(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function bearer(token: string | null): string | null {
  return token ? `Bearer ${token}` : null;
}

/** Middleware: the bearer token on every request, §8's expiry and 401 handling. */
export function authMiddleware(options: TokenOptions): Middleware {
  const renew = options.renew && singleFlight(options.renew);
  const expired = () => tokenExpired(options.getTokenExpiry?.() ?? null, Date.now());

  /** A token to send: the current one, else (expired, or the one a 401 refused) a renewed one. */
  async function usableToken(refused?: string | null): Promise<string | null | false> {
    const current = await options.getToken();
    const fresh = !expired() && (refused === undefined || bearer(current) !== refused);
    if (fresh || !renew) return current;
    return (await renew()) ? await options.getToken() : false;
  }

  return {
    async onRequest({ request }) {
      const token = await usableToken();
      if (token === false) {
        return new Response(JSON.stringify(SESSION_EXPIRED), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response, options: { fetch } }) {
      if (response.status !== 401) return response;
      const path = new URL(request.url).pathname;
      const toUnauthorized = sendsToUnauthorizedPage(path);
      if (!toUnauthorized && renew) {
        const token = await usableToken(request.headers.get('authorization'));
        if (token && canSendAgain(request)) {
          const again = new Request(request);
          again.headers.set('authorization', `Bearer ${token}`);
          const answer = await fetch(again);
          if (answer.status !== 401) return answer;
          response = answer;
        }
      }
      options.onUnauthorized?.({ path, toUnauthorized });
      return response;
    },
  };
}
