/**
 * Server state of the admin: one client, and one queryOptions factory per resource (TanStack
 * Query). Replies of routes without a response schema are read as core's entity types. A content
 * item is read through `contentVersionQuery` of `@canopy/ui`, the page editor's too.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, replyOf, type JsonReply } from '@canopy/ui';

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

/** A template type of the reference data (GET /api/references/). */
export type TemplateType = JsonReply<'/api/references/', 'get'>['templatetypes'][number];

/** Reference data (GET /api/references/): the template types. */
export const referencesQuery = () =>
  queryOptions({
    queryKey: ['references'],
    queryFn: async () => replyOf(await api().GET('/api/references/')),
    staleTime: Infinity,
  });

/** The template types' names, by id (a `select` of `referencesQuery`). */
export const templateTypeNames = (data: { templatetypes: readonly TemplateType[] }) =>
  new Map(data.templatetypes.map((type) => [type.template_type_id, type.template_type_name]));
