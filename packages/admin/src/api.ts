/**
 * Server state of the admin: one client, and one queryOptions factory per resource (TanStack
 * Query). Replies of routes without a response schema are read as core's entity types.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@canopy/ui';

// The client, the query client, reading a reply, the tree and the sites are shared with the
// page editor (its pickers read them too).
export {
  api,
  dataOf,
  menusQuery,
  queryClient,
  setApiClient,
  sitesQuery,
  type Site,
} from '@canopy/ui';

export interface ContentSummary {
  content_id: string;
  content_name: string;
  version: number;
  status_id: string;
  is_locked: number;
  locked_by: string | null;
  updated_date: string;
  updated_by: string | null;
}

export const contentQuery = (id: string) =>
  queryOptions({
    queryKey: ['contents', id],
    queryFn: async () =>
      dataOf<ContentSummary>(await api().GET('/api/contents/{id}', { params: { path: { id } } })),
  });

export const personQuery = () =>
  queryOptions({
    queryKey: ['person'],
    queryFn: async () => dataOf<Person>(await api().GET('/api/identity/personinfo')),
    staleTime: Infinity,
  });

export interface Person {
  name: string;
  preferred_username: string;
  is_admin: number;
}

export interface TemplateType {
  template_type_id: string;
  template_type_name: string;
}

/** Reference data (GET /api/references/): the template types, by id. */
export const referencesQuery = () =>
  queryOptions({
    queryKey: ['references'],
    queryFn: async () =>
      dataOf<{ templatetypes: TemplateType[] }>(await api().GET('/api/references/')),
    select: (data) =>
      new Map(data.templatetypes.map((type) => [type.template_type_id, type.template_type_name])),
    staleTime: Infinity,
  });
