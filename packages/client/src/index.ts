/**
 * The typed HTTP client of Canopy's content API: paths, parameters and bodies come from the
 * server's OpenAPI document (api.gen.ts, generated), calls go through openapi-fetch.
 */
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './api.gen';

export type { paths, components } from './api.gen';
export type CanopyClient = Client<paths>;

/** Calls whose 401 means "this person may not be here at all" (§2 Routes, §6, §8). */
const UNAUTHORIZED_PAGE_PATHS = [/^\/api\/menus(\/|$)/, /^\/api\/references(\/|$)/];

export interface ClientOptions {
  /** The server's origin ('' for the page's own origin). */
  baseUrl?: string;
  /**
   * The current access token, or null in gateway mode (identity travels in the gateway's
   * cookies; requests then carry credentials instead of a bearer token).
   */
  getToken: () => string | null | Promise<string | null>;
  /**
   * A 401 answered: `renew` asks for a fresh token (§8: a 401 triggers renewal); `toUnauthorized`
   * is true for menus and references, whose 401 sends the person to the unauthorized page.
   */
  onUnauthorized?: (event: { path: string; toUnauthorized: boolean }) => void;
  fetch?: typeof globalThis.fetch;
}

/** Whether a 401 from this API path sends the person to the unauthorized page (§8). */
export function sendsToUnauthorizedPage(path: string): boolean {
  return UNAUTHORIZED_PAGE_PATHS.some((pattern) => pattern.test(path));
}

/** Middleware: the bearer token on every request, §8's 401 handling on every reply. */
export function authMiddleware(options: ClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      const token = await options.getToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401) {
        const path = new URL(request.url).pathname;
        options.onUnauthorized?.({ path, toUnauthorized: sendsToUnauthorizedPage(path) });
      }
      return response;
    },
  };
}

export function createCanopyClient(options: ClientOptions): CanopyClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'same-origin',
    ...(options.fetch && { fetch: options.fetch }),
  });
  client.use(authMiddleware(options));
  return client;
}

/** The error reply of every route: `{ code, message }` (plus details). */
export interface ApiError {
  code?: string;
  message?: string;
  status?: string;
}

/** A readable message from a failed call's error body. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as ApiError).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
