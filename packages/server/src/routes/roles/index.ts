/** Roles (§6, §7 /api/roles) and roles by content (GET /api/contents/{id}/roles). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { ROLE_SORTS, listRolesPage, withMemberCounts } from '../../operations/roles/list-roles';
import { updateRole } from '../../operations/roles/update-role';
import { pageProperties } from '../../operations/paging';
import { createRole } from '../../operations/roles/create-role';
import { deleteRole } from '../../operations/roles/delete-role';
import { rolesByContent } from '../../operations/roles/roles-by-content';
import {
  ItemParams,
  NewRoleBody,
  Role,
  RoleChangesBody,
  RoleOnContent,
  RoleParams,
} from '../identity/schemas';

const RoleListQuery = Type.Object(
  {
    ...pageProperties(ROLE_SORTS),
    personal: Type.Optional(
      Type.Boolean({ description: "false: leave out people's personal roles" }),
    ),
  },
  { additionalProperties: false },
);

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Roles and permissions'];

  app.get(
    '/roles',
    {
      schema: {
        tags,
        summary:
          'The roles with their member counts, highest rank first unless sorted; paged when asked (X-Total-Count: all matching rows)',
        querystring: RoleListQuery,
        response: { 200: Type.Array(Role) },
      },
    },
    async (request, reply) => {
      actorOf(request);
      const page = await listRolesPage(db, request.query);
      return reply.header('x-total-count', String(page.total)).send(page.rows);
    },
  );

  app.post(
    '/roles',
    {
      schema: {
        tags,
        summary: 'Create a role (administrators)',
        body: NewRoleBody,
        response: { 201: Role },
      },
    },
    async (request, reply) => {
      const role = await createRole(db, actorOf(request), request.body);
      return reply.status(201).send((await withMemberCounts(db, [role]))[0]!);
    },
  );

  app.put(
    '/roles/:role_id',
    {
      schema: {
        tags,
        summary: 'Rename a role or change its rank (administrators; never above your own)',
        params: RoleParams,
        body: RoleChangesBody,
        response: { 200: Role },
      },
    },
    async (request) => {
      const role = await updateRole(db, actorOf(request), request.params.role_id, request.body);
      return (await withMemberCounts(db, [role]))[0]!;
    },
  );

  app.delete(
    '/roles/:role_id',
    {
      schema: {
        tags,
        summary: 'Delete a role and its settings (administrators; not built-in roles)',
        params: RoleParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await deleteRole(db, actorOf(request), request.params.role_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/contents/:id/roles',
    {
      schema: {
        tags,
        summary: 'What each role holds on an item (content or template), inherited or set on it',
        params: ItemParams,
        response: { 200: Type.Array(RoleOnContent) },
      },
    },
    (request) => rolesByContent(db, actorOf(request), request.params.id),
  );
};
