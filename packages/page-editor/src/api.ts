/**
 * The page editor's server state: the client, query client and the content, template and
 * widget queries and Save are the admin's (`@canopy/ui`); this adds the page editor's own read.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@canopy/ui';
import type { SiteData } from '@canopy/site/browser';

export interface EditingContextReply {
  content_id: string;
  site_id: string;
  base_path: string;
  stylesheet: string;
  site: SiteData;
}

export const editingContextQuery = (id: string) =>
  queryOptions({
    queryKey: ['pageeditor', id],
    queryFn: async () =>
      dataOf<EditingContextReply>(
        await api().GET('/api/pageeditor/{id}', { params: { path: { id } } }),
      ),
  });
