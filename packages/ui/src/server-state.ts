/**
 * Server state shared by the admin and the page editor (TanStack Query): the one client, the
 * query client, reading a reply, and the queryOptions factories of the resources both editors
 * read: a content version, a template and the widgets a template's zones may hold, the tree and
 * the sites (which the pickers read); and Save.
 */
import { QueryClient, hashKey, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { CanopyClient } from '@canopy/client';
import type { Content } from '@canopy/core';
import type { SaveChanges } from './draft/draft';
import type { JsonReply } from './raw-calls';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

let client: CanopyClient | null = null;

export function setApiClient(next: CanopyClient): void {
  client = next;
}

export function api(): CanopyClient {
  if (!client) throw new Error('The API client is not set up yet');
  return client;
}

interface Reply<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * Throws the reply's error (so queries and mutations fail) and returns its data, typed by the
 * route's reply schema.
 */
export function replyOf<D>(result: Reply<D>): D {
  if (!result.response.ok) throw result.error ?? new Error(`HTTP ${result.response.status}`);
  return result.data as D;
}

/** An error reply of the content API: `{ code, message }` plus details. */
export interface ContentApiError {
  code?: string;
  message?: string;
  status?: string;
  errors?: Array<{ kind: string; id: string; template_block_id?: string; message: string }>;
  current?: Content;
}

export function asApiError(error: unknown): ContentApiError {
  return typeof error === 'object' && error !== null ? (error as ContentApiError) : {};
}

/** Who is signed in (GET /api/identity/personinfo). */
export const personQuery = () =>
  queryOptions({
    queryKey: ['person'],
    queryFn: async () => replyOf(await api().GET('/api/identity/personinfo')),
    staleTime: Infinity,
  });

/** The tree (GET /api/menus): what a picker picks from. */
export const menusQuery = () =>
  queryOptions({
    queryKey: ['menus'],
    queryFn: async () => replyOf(await api().GET('/api/menus')),
  });

export const sitesQuery = () =>
  queryOptions({
    queryKey: ['sites'],
    queryFn: async () => replyOf(await api().GET('/api/contents/sites')),
  });

/** The query keys of content items: everything read of one item sits under `item(id)`. */
export const contentKeys = {
  all: ['contents'] as const,
  item: (id: string) => ['contents', id] as const,
  version: (id: string, version: number | null) =>
    ['contents', id, 'version', version ?? 'latest'] as const,
};

/**
 * A version of a content item ('latest' when none is named): the one query of GET
 * /api/contents/{id}[/{version}], whoever reads it (the editors, the publish menu, Preview).
 */
export const contentVersionQuery = (id: string, version: number | null) =>
  queryOptions({
    queryKey: contentKeys.version(id, version),
    queryFn: async () =>
      version == null
        ? replyOf(await api().GET('/api/contents/{id}', { params: { path: { id } } }))
        : replyOf(
            await api().GET('/api/contents/{id}/{version}', {
              params: { path: { id, version } },
            }),
          ),
  });

/**
 * A template as GET /api/templates/{id} answers it: core's Template, each block's fields with
 * their order, and the caller's permissions.
 */
export type LoadedTemplate = JsonReply<'/api/templates/{id}', 'get'>;

/** A template: the one query of GET /api/templates/{id}, the template editor's and the item editors'. */
export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: ['templates', id],
    queryFn: async () =>
      replyOf(await api().GET('/api/templates/{id}', { params: { path: { id } } })),
    staleTime: 60_000,
  });

/** The widget templates a template's zones may hold (§7 widgetreferences). */
export const widgetReferencesQuery = (templateId: string) =>
  queryOptions({
    queryKey: ['templates', templateId, 'widgetreferences'],
    queryFn: async () =>
      replyOf(
        await api().GET('/api/templates/{id}/widgetreferences', {
          params: { path: { id: templateId } },
        }),
      ),
  });

/** One Save (§4 Save): every changed row of the draft, with the `updated_date` it loaded. */
export interface SaveBody extends SaveChanges {
  content_id: string;
  version: number;
  updated_date: string;
}

/**
 * After a write that answers the version it wrote (a Save): the answer goes into the cache under
 * `shownAs` (the key the editor reads it by) and under its own version, and is not fetched again;
 * the item's other queries (another version, 'latest') are marked stale.
 */
export async function storeWrittenContent(
  queries: QueryClient,
  written: Content,
  shownAs: QueryKey,
): Promise<void> {
  const keys = [shownAs, contentKeys.version(written.content_id, written.version)];
  for (const key of keys) queries.setQueryData(key, written);
  const hashes = new Set(keys.map((key) => hashKey(key)));
  await queries.invalidateQueries({
    queryKey: contentKeys.item(written.content_id),
    predicate: (query) => !hashes.has(query.queryHash),
  });
}

/**
 * What PUT /api/contents/{id} answers a Save or a status change: the version it wrote. (A reorder,
 * which names only content_order or parent_id, answers the item's new place instead.)
 */
export function writtenVersion(reply: JsonReply<'/api/contents/{id}', 'put'>): Content {
  if (!('content_fields' in reply)) throw new Error('The save answered a move, not a version');
  return reply;
}

export async function saveContent(body: SaveBody): Promise<Content> {
  return writtenVersion(
    replyOf(
      await api().PUT('/api/contents/{id}', {
        params: { path: { id: body.content_id } },
        body,
      }),
    ),
  );
}
