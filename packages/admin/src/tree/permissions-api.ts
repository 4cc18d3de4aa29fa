/**
 * The server state of the permissions editor: a role's permission settings (GET
 * /api/permissions/{role_id}) and the write of one item's settings, with what it refreshes.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PERMISSIONS, type Permission } from '@canopy/core';
import { api, replyOf, menusQuery } from '../api';

export type Flags = Partial<Record<Permission, { permission: 0 | 1 }>>;
/** A role's own settings, by content id. */
export type PermissionData = Record<string, Flags>;
/** What the dialog sets a permission to: Grant, Refuse or Inherit (null: the item inherits). */
export type Choice = 'grant' | 'refuse' | 'inherit';

export const rolePermissionsQuery = (roleId: string) =>
  queryOptions({
    queryKey: ['permissions', roleId],
    queryFn: async () =>
      replyOf(
        await api().GET('/api/permissions/{role_id}', { params: { path: { role_id: roleId } } }),
      ),
  });

/**
 * PUT /api/permissions/{role_id} for one item: the answer is the role's settings, cached as they
 * are; the tree is read again (what the user may do there can change).
 */
export function useSavePermissions(roleId: string, contentId: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choices: Record<Permission, Choice>) => {
      const value = { grant: 1, refuse: 0, inherit: null } as const;
      const changes = Object.fromEntries(
        PERMISSIONS.map((permission) => [permission, { permission: value[choices[permission]] }]),
      );
      return replyOf(
        await api().PUT('/api/permissions/{role_id}', {
          params: { path: { role_id: roleId } },
          body: { [contentId]: changes },
        }),
      );
    },
    onSuccess: async (data) => {
      queryClient.setQueryData(rolePermissionsQuery(roleId).queryKey, data);
      await queryClient.invalidateQueries(menusQuery());
      onSaved();
    },
  });
}
