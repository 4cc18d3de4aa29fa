/**
 * Server state of the admin: one client, and one queryOptions factory per resource (TanStack
 * Query), each reply typed by its route's schema (the generated client). A content item is read
 * through `contentVersionQuery` of `@canopy/ui`, the page editor's too.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, replyOf, type JsonReply } from '@canopy/ui';

// The client, the query client, reading a reply, the tree, the sites and content items are
// shared with the page editor (its pickers read them too).
export {
  api,
  contentVersionQuery,
  menusQuery,
  personQuery,
  queryClient,
  replyOf,
  setApiClient,
  sitesQuery,
} from '@canopy/ui';
export type { Site } from '@canopy/core';

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
