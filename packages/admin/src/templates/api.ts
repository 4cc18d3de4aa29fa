/**
 * Server state of the template editor: the template, and the writes made outside Save (creating
 * a template in a folder, deleting one), each with what it refreshes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@canopy/client';
import { templateQuery } from '@canopy/ui';
import { api, menusQuery, replyOf } from '../api';

export { templateQuery };

/** What POST /api/templates takes. */
export type NewTemplate =
  paths['/api/templates']['post']['requestBody']['content']['application/json'];

/** POST /api/templates: a new template in a folder; the tree is read again before it resolves. */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewTemplate) => replyOf(await api().POST('/api/templates', { body })),
    onSuccess: () => queryClient.invalidateQueries(menusQuery()),
  });
}

/**
 * DELETE /api/templates/{id}: the template leaves the cache and the tree is read again before it
 * resolves.
 */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      replyOf(await api().DELETE('/api/templates/{id}', { params: { path: { id } } })),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries(templateQuery(id));
      return queryClient.invalidateQueries(menusQuery());
    },
  });
}
