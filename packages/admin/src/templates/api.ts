/** Server state of the template editor: one queryOptions factory per resource, and the writes. */
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../api';
import type { LoadedTemplate } from './draft';

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: ['templates', id],
    queryFn: async () =>
      dataOf<LoadedTemplate>(await api().GET('/api/templates/{id}', { params: { path: { id } } })),
  });

export interface TemplateType {
  template_type_id: string;
  template_type_name: string;
  content_type_id: string | null;
}

export const referencesQuery = () =>
  queryOptions({
    queryKey: ['references'],
    queryFn: async () =>
      dataOf<{ templatetypes: TemplateType[] }>(await api().GET('/api/references/')),
    staleTime: Infinity,
  });
