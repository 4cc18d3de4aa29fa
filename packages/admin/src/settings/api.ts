/**
 * Administration resources (§7 Identity, roles): one queryOptions factory per resource, and the
 * writes the settings screens make. Each write's caller invalidates only what it changed.
 */
import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@canopy/client';
import { api, dataOf } from '../api';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type ApiKey = Json<paths['/api/apikeys']['get']['responses'][200]>[number];
export type CreatedApiKey = Json<paths['/api/apikeys']['post']['responses'][201]>;
export type NewApiKey = Json<paths['/api/apikeys']['post']['requestBody']>;
export type User = Json<paths['/api/users']['get']['responses'][200]>[number];
export type NewUser = Json<paths['/api/users']['post']['requestBody']>;
export type UserChanges = Json<NonNullable<paths['/api/users/{user_id}']['put']['requestBody']>>;
export type Role = Json<paths['/api/roles']['get']['responses'][200]>[number];
export type NewRole = Json<paths['/api/roles']['post']['requestBody']>;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['settings', 'apikeys'],
    queryFn: async () => dataOf<ApiKey[]>(await api().GET('/api/apikeys')),
  });

export const usersQuery = () =>
  queryOptions({
    queryKey: ['settings', 'users'],
    queryFn: async () => dataOf<User[]>(await api().GET('/api/users')),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['settings', 'roles'],
    queryFn: async () => dataOf<Role[]>(await api().GET('/api/roles')),
  });

export async function createApiKey(body: NewApiKey): Promise<CreatedApiKey> {
  return dataOf(await api().POST('/api/apikeys', { body }));
}

export async function revokeApiKey(keyId: string): Promise<void> {
  dataOf(await api().DELETE('/api/apikeys/{key_id}', { params: { path: { key_id: keyId } } }));
}

export async function addUser(body: NewUser): Promise<User> {
  return dataOf(await api().POST('/api/users', { body }));
}

export async function changeUser(userId: string, body: UserChanges): Promise<User> {
  return dataOf(
    await api().PUT('/api/users/{user_id}', { params: { path: { user_id: userId } }, body }),
  );
}

export async function setUserRoles(userId: string, roles: string[]): Promise<User> {
  return dataOf(
    await api().PUT('/api/users/{user_id}/roles', {
      params: { path: { user_id: userId } },
      body: { roles },
    }),
  );
}

export async function createRole(body: NewRole): Promise<Role> {
  return dataOf(await api().POST('/api/roles', { body }));
}

export async function deleteRole(roleId: string): Promise<void> {
  dataOf(await api().DELETE('/api/roles/{role_id}', { params: { path: { role_id: roleId } } }));
}

/** A one-time password: 16 letters and digits from the browser's secure random source. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
