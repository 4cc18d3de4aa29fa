/** Roles (§6, §7 /api/roles) and roles by content (GET /api/contents/{id}/roles). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { listRoles } from '../../operations/roles/list-roles';
import { createRole } from '../../operations/roles/create-role';
import { deleteRole } from '../../operations/roles/delete-role';
import { rolesByContent } from '../../operations/roles/roles-by-content';
import { ItemParams, NewRoleBody, Role, RoleOnContent, RoleParams } from '../identity/schemas';

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Roles and permissions'];

  app.get(
    '/roles',
    {
      schema: {
        tags,
        summary: 'Every role, highest rank first',
        response: { 200: Type.Array(Role) },
      },
    },
    (request) => {
      actorOf(request);
      return listRoles(db);
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
      return reply.status(201).send(role);
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
