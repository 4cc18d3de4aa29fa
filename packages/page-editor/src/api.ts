/**
 * The page editor's server state: one client, one queryOptions factory per resource (TanStack
 * Query), and the writes its commands send. The calls are the admin's: the same rules answer.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { CanopyClient } from '@canopy/client';
import type { Content, Template } from '@canopy/core';
import type { SaveChanges } from '@canopy/ui/draft';
import type { SiteData } from '@canopy/site/browser';

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

/** Throws the reply's error (so queries and mutations fail) and returns its data. */
export function dataOf<T>(result: { data?: unknown; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw result.error ?? new Error(`HTTP ${result.response.status}`);
  return result.data as T;
}

/** An error reply: `{ code, message }` plus details. */
export interface ApiError {
  code?: string;
  message?: string;
  status?: string;
  current?: Content;
}

export function asApiError(error: unknown): ApiError {
  return typeof error === 'object' && error !== null ? (error as ApiError) : {};
}

export interface EditingContextReply {
  content_id: string;
  site_id: string;
  base_path: string;
  stylesheet: string;
  site: SiteData;
}

export const contentQuery = (id: string, version: number | null) =>
  queryOptions({
    queryKey: ['contents', id, 'version', version ?? 'latest'],
    queryFn: async () =>
      version == null
        ? dataOf<Content>(await api().GET('/api/contents/{id}', { params: { path: { id } } }))
        : dataOf<Content>(
            await api().GET('/api/contents/{id}/{version}', {
              params: { path: { id, version } },
            }),
          ),
  });

export const editingContextQuery = (id: string) =>
  queryOptions({
    queryKey: ['pageeditor', id],
    queryFn: async () =>
      dataOf<EditingContextReply>(
        await api().GET('/api/pageeditor/{id}', { params: { path: { id } } }),
      ),
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: ['templates', id],
    queryFn: async () =>
      dataOf<Template>(await api().GET('/api/templates/{id}', { params: { path: { id } } })),
    staleTime: 60_000,
  });

export const widgetReferencesQuery = (templateId: string) =>
  queryOptions({
    queryKey: ['templates', templateId, 'widgetreferences'],
    queryFn: async () =>
      dataOf<Template[]>(
        await api().GET('/api/templates/{id}/widgetreferences', {
          params: { path: { id: templateId } },
        }),
      ),
    staleTime: 60_000,
  });

export interface SaveBody extends SaveChanges {
  content_id: string;
  version: number;
  updated_date: string;
}

export async function saveContent(body: SaveBody): Promise<Content> {
  return dataOf<Content>(
    await api().PUT('/api/contents/{id}', {
      params: { path: { id: body.content_id } },
      body: body as never,
    }),
  );
}
