/** Permissions (§7 /api/permissions): definitions, and a role's permission data (get, bulk set). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { listPermissionDefinitions } from '../../operations/permissions/list-definitions';
import { getRolePermissions } from '../../operations/permissions/get-role-permissions';
import {
  setRolePermissions,
  type PermissionChanges,
} from '../../operations/permissions/set-role-permissions';
import {
  PermissionChangesBody,
  PermissionData,
  PermissionDefinition,
  RoleParams,
} from '../identity/schemas';

export const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Roles and permissions'];

  app.get(
    '/permissions',
    {
      schema: {
        tags,
        summary: 'The permission definitions: Edit, Create, Delete, Read',
        response: { 200: Type.Array(PermissionDefinition) },
      },
    },
    (request) => {
      actorOf(request);
      return listPermissionDefinitions(db);
    },
  );

  app.get(
    '/permissions/:role_id',
    {
      schema: {
        tags,
        summary: "A role's permission data: content id -> permission id -> { permission }",
        params: RoleParams,
        response: { 200: PermissionData },
      },
    },
    (request) => getRolePermissions(db, actorOf(request), request.params.role_id),
  );

  app.put(
    '/permissions/:role_id',
    {
      schema: {
        tags,
        summary:
          "Set a role's permissions on many items: 1 grants, 0 refuses, null inherits; returns the role's permission data",
        params: RoleParams,
        body: PermissionChangesBody,
        response: { 200: PermissionData },
      },
    },
    (request) =>
      setRolePermissions(
        db,
        actorOf(request),
        request.params.role_id,
        request.body as PermissionChanges,
      ),
  );
};
