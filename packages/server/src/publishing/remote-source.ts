/**
 * A target's pages on another Canopy server, read over its API with an API key (x-api-key): the
 * page URLs from /pageurls (delivery) or /latestpublishable/pageurls (preview), their models from
 * /releases/pagemodels/{site}, so that `canopy build --api` writes what that server's own
 * `canopy build` would. Every failure becomes a one-line message a person can act on.
 */
import type { PageModel, SiteMode } from '@canopy/site/data';
import { API_KEY_HEADER } from '../auth/api-keys';
import type { PageModels } from './page-models';
import type { PageSource } from './export';

/** Page URLs per request, and characters of them in its query (servers cap a request's head). */
const BATCH = 100;
const MAX_QUERY = 6000;
const TIMEOUT_MS = 60_000;

export interface ApiSourceOptions {
  /** The server's address (`https://cms.example.com`) or its API's (`.../api`). */
  api: string;
  apiKey: string;
  siteId: string;
  mode: SiteMode;
}

export function apiSource(options: ApiSourceOptions): PageSource {
  const base = apiBase(options.api);
  const { siteId, mode } = options;

  async function get<T>(path: string, query: URLSearchParams): Promise<T> {
    const url = new URL(`${path}?${query}`, base);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { [API_KEY_HEADER]: options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`Cannot reach the Canopy server at ${base.origin} (${reason(error)})`);
    }
    if (!response.ok) throw new Error(refusal(response.status, await errorOf(response)));
    try {
      return (await response.json()) as T;
    } catch {
      throw new Error(
        `${url.origin}${url.pathname} did not answer JSON: is --api a Canopy server?`,
      );
    }
  }

  function refusal(status: number, error: { code?: string; message: string }): string {
    const told = error.message ? `: ${error.message}` : '';
    if (status === 401)
      return `The server refused the API key (401): it is wrong or has been revoked${told}`;
    if (status === 403) {
      const hint =
        mode === 'preview'
          ? '; a key made with --published reads delivery only, preview needs a key with a role (--role) holding Read on the site'
          : '';
      return `The API key may not read the ${mode} target of site ${siteId} (403)${told}${hint}`;
    }
    if (status === 404 && error.code === 'SITE_NOT_FOUND')
      return `There is no site ${siteId} on ${base.origin} (404)`;
    if (status === 404)
      return `${base.href} has no such API call (404): is --api the address of a Canopy server?`;
    return `The server at ${base.origin} answered ${status}${told}`;
  }

  async function pageModels(urls: string[], notFound: boolean) {
    const query = new URLSearchParams({ mode });
    for (const url of urls) query.append('page_url', url);
    if (notFound) query.set('not_found', 'true');
    return get<PageModels>(`releases/pagemodels/${encodeURIComponent(siteId)}`, query);
  }

  return {
    async pageUrls() {
      const path = mode === 'delivery' ? 'pageurls' : 'latestpublishable/pageurls';
      const list = await get<{ page_url: string }[]>(
        path,
        new URLSearchParams({ site_id: siteId }),
      );
      return list.map((page) => page.page_url);
    },
    async models(urls) {
      const models: PageModel[] = [];
      for (const part of byQueryLength(urls))
        models.push(...(await pageModels(part, false)).models);
      return models;
    },
    async notFound() {
      const reply = await pageModels([], true);
      if (!reply.not_found) throw new Error(`${base.origin} sent no not-found page model`);
      return reply.not_found;
    },
    batchSize: BATCH,
    concurrency: 4,
  };
}

/** The API's base address, ending in `/api/`. */
function apiBase(api: string): URL {
  let url: URL;
  try {
    url = new URL(api);
  } catch {
    throw new Error(`--api must be the server's address (http://... or https://...), got "${api}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--api must be an http:// or https:// address, got "${api}"`);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/api') ? `${path}/` : `${path}/api/`;
  url.search = '';
  url.hash = '';
  return url;
}

/** URLs in runs whose encoded query stays under MAX_QUERY characters. */
function byQueryLength(urls: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let length = 0;
  for (const url of urls) {
    const size = encodeURIComponent(url).length + 10;
    if (run.length > 0 && length + size > MAX_QUERY) {
      runs.push(run);
      run = [];
      length = 0;
    }
    run.push(url);
    length += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Why a request got no answer: the system's error code, or a timeout. */
function reason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as Error & { code?: string }) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The error a Canopy server sends (`{ code, message }`), or the start of whatever else it sent. */
async function errorOf(response: Response): Promise<{ code?: string; message: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return {
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : '',
    };
  } catch {
    return { message: text.replace(/\s+/g, ' ').trim().slice(0, 200) };
  }
}
