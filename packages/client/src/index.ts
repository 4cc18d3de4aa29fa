/**
 * The typed HTTP client of Canopy's content API: paths, parameters and bodies come from the
 * server's OpenAPI document (api.gen.ts, generated), calls go through openapi-fetch.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './api.gen';
import { authMiddleware, type TokenOptions } from './auth';

export type { paths, components } from './api.gen';
export type CanopyClient = Client<paths>;
export * from './auth';

export interface ClientOptions extends TokenOptions {
  /** The server's origin ('' for the page's own origin). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
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
