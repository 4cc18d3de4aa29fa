/**
 * Administration resources (§7 Identity, roles): one queryOptions factory per resource, and the
 * writes the settings screens make. Each write's caller invalidates only what it changed.
 */
import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@canopy/client';
import { api, replyOf } from '../api';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type ApiKey = Json<paths['/api/apikeys']['get']['responses'][200]>[number];
export type CreatedApiKey = Json<paths['/api/apikeys']['post']['responses'][201]>;
export type NewApiKey = Json<paths['/api/apikeys']['post']['requestBody']>;
export type User = Json<paths['/api/users']['get']['responses'][200]>[number];
export type NewUser = Json<paths['/api/users']['post']['requestBody']>;
export type UserChanges = Json<NonNullable<paths['/api/users/{user_id}']['put']['requestBody']>>;
export type Role = Json<paths['/api/roles']['get']['responses'][200]>[number];
export type NewRole = Json<paths['/api/roles']['post']['requestBody']>;

export type Site = Json<paths['/api/sites']['get']['responses'][200]>[number];
export type NewSite = Json<paths['/api/sites']['post']['requestBody']>;
export type SiteChanges = Json<paths['/api/sites/{site_id}']['put']['requestBody']>;
export type SiteUsage = Json<paths['/api/sites/{site_id}/usage']['get']['responses'][200]>;
export type RoleChanges = Json<paths['/api/roles/{role_id}']['put']['requestBody']>;

/** What a paged list asks the server for, as the API types it (text, sort, order, page). */
type ListQuery<P extends '/api/users' | '/api/roles' | '/api/sites' | '/api/apikeys'> = NonNullable<
  paths[P]['get']['parameters']['query']
>;
export type UsersRequest = ListQuery<'/api/users'>;
export type RolesRequest = ListQuery<'/api/roles'>;
export type SitesRequest = ListQuery<'/api/sites'>;
export type ApiKeysRequest = ListQuery<'/api/apikeys'>;
/** The columns a list sorts by. */
export type SortOf<Request extends { sort?: string }> = NonNullable<Request['sort']>;

/** One page of a list and how many rows match in all (the X-Total-Count header). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

function pageFrom<T>(result: { data?: T[]; error?: unknown; response: Response }): ListPage<T> {
  const rows = replyOf(result);
  return { rows, total: Number(result.response.headers.get('x-total-count') ?? rows.length) };
}

/** A page of users, filtered by text and role, sorted by the server. */
export const usersPageQuery = (request: UsersRequest) =>
  queryOptions({
    queryKey: ['settings', 'users', request],
    queryFn: async () =>
      pageFrom<User>(await api().GET('/api/users', { params: { query: request } })),
    placeholderData: (previous) => previous,
  });

export const rolesPageQuery = (request: RolesRequest) =>
  queryOptions({
    queryKey: ['settings', 'roles', request],
    queryFn: async () =>
      pageFrom<Role>(await api().GET('/api/roles', { params: { query: request } })),
    placeholderData: (previous) => previous,
  });

export const sitesPageQuery = (request: SitesRequest) =>
  queryOptions({
    queryKey: ['settings', 'sites', request],
    queryFn: async () =>
      pageFrom<Site>(await api().GET('/api/sites', { params: { query: request } })),
    placeholderData: (previous) => previous,
  });

export const siteUsageQuery = (siteId: string) =>
  queryOptions({
    queryKey: ['settings', 'sites', siteId, 'usage'],
    queryFn: async () =>
      replyOf(
        await api().GET('/api/sites/{site_id}/usage', { params: { path: { site_id: siteId } } }),
      ),
    staleTime: 0,
  });

export async function createSite(body: NewSite): Promise<Site> {
  return replyOf(await api().POST('/api/sites', { body }));
}

export async function changeSite(siteId: string, body: SiteChanges): Promise<Site> {
  return replyOf(
    await api().PUT('/api/sites/{site_id}', { params: { path: { site_id: siteId } }, body }),
  );
}

export async function deleteSite(siteId: string): Promise<void> {
  replyOf(await api().DELETE('/api/sites/{site_id}', { params: { path: { site_id: siteId } } }));
}

export async function deleteUser(userId: string): Promise<void> {
  replyOf(await api().DELETE('/api/users/{user_id}', { params: { path: { user_id: userId } } }));
}

export async function changeRole(roleId: string, body: RoleChanges): Promise<Role> {
  return replyOf(
    await api().PUT('/api/roles/{role_id}', { params: { path: { role_id: roleId } }, body }),
  );
}

/** A page of API keys, usable first unless sorted otherwise. */
export const apiKeysPageQuery = (request: ApiKeysRequest) =>
  queryOptions({
    queryKey: ['settings', 'apikeys', request],
    queryFn: async () =>
      pageFrom<ApiKey>(await api().GET('/api/apikeys', { params: { query: request } })),
    placeholderData: (previous) => previous,
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['settings', 'roles'],
    queryFn: async () => replyOf(await api().GET('/api/roles')),
  });

export async function createApiKey(body: NewApiKey): Promise<CreatedApiKey> {
  return replyOf(await api().POST('/api/apikeys', { body }));
}

export async function revokeApiKey(keyId: string): Promise<void> {
  replyOf(await api().DELETE('/api/apikeys/{key_id}', { params: { path: { key_id: keyId } } }));
}

export async function addUser(body: NewUser): Promise<User> {
  return replyOf(await api().POST('/api/users', { body }));
}

export async function changeUser(userId: string, body: UserChanges): Promise<User> {
  return replyOf(
    await api().PUT('/api/users/{user_id}', { params: { path: { user_id: userId } }, body }),
  );
}

export async function setUserRoles(userId: string, roles: string[]): Promise<User> {
  return replyOf(
    await api().PUT('/api/users/{user_id}/roles', {
      params: { path: { user_id: userId } },
      body: { roles },
    }),
  );
}

export async function createRole(body: NewRole): Promise<Role> {
  return replyOf(await api().POST('/api/roles', { body }));
}

export async function deleteRole(roleId: string): Promise<void> {
  replyOf(await api().DELETE('/api/roles/{role_id}', { params: { path: { role_id: roleId } } }));
}

/** A one-time password: 16 letters and digits from the browser's secure random source. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
