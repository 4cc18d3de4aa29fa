/**
 * Server state of the admin: one client, and one queryOptions factory per resource (TanStack
 * Query). Replies of routes without a response schema are read as core's entity types. A content
 * item is read through `contentVersionQuery` of `@canopy/ui`, the page editor's too.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf, replyOf } from '@canopy/ui';

// The client, the query client, reading a reply, the tree, the sites and content items are
// shared with the page editor (its pickers read them too).
export {
  api,
  contentVersionQuery,
  dataOf,
  menusQuery,
  queryClient,
  replyOf,
  setApiClient,
  sitesQuery,
  type Site,
} from '@canopy/ui';

export const personQuery = () =>
  queryOptions({
    queryKey: ['person'],
    queryFn: async () => replyOf(await api().GET('/api/identity/personinfo')),
    staleTime: Infinity,
  });

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
