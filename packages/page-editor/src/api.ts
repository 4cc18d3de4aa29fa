/**
 * The page editor's server state: the client, query client and the content, template and
 * widget queries and Save are the admin's (`@canopy/ui`); this adds the page editor's own read.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, replyOf, type JsonReply } from '@canopy/ui';

/** What a page shares with its site (GET /api/pageeditor/{id}), to render it as the site does. */
export type EditingContextReply = JsonReply<'/api/pageeditor/{id}', 'get'>;
export const editingContextQuery = (id: string) =>
  queryOptions({
    queryKey: ['pageeditor', id],
    queryFn: async () =>
      replyOf(await api().GET('/api/pageeditor/{id}', { params: { path: { id } } })),
  });
