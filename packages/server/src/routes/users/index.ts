/** Users (administrators): list, add, change (profile, password, disabled), set roles, delete. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { USER_SORTS, listUsers } from '../../operations/users/list-users';
import { deleteUser } from '../../operations/users/delete-user';
import { pageProperties } from '../../operations/paging';
import { addUser } from '../../operations/users/add-user';
import { readUser } from '../../operations/users/get-user';
import { requireAdministrator } from '../../operations/users/guards';
import { updateUser } from '../../operations/users/update-user';
import { setUserRoles } from '../../operations/users/set-roles';
import { NewUserBody, User, UserChangesBody, UserParams, UserRolesBody } from '../identity/schemas';

const UserListQuery = Type.Object(
  {
    ...pageProperties(USER_SORTS),
    role: Type.Optional(Type.String({ description: 'Only users who hold this role (id)' })),
  },
  { additionalProperties: false },
);

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const tags = ['Users'];

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          'The users, filtered by text and role, sorted and paged (X-Total-Count: all matching rows)',
        querystring: UserListQuery,
        response: { 200: Type.Array(User) },
      },
    },
    async (request, reply) => {
      const page = await listUsers(db, actorOf(request), request.query);
      return reply.header('x-total-count', String(page.total)).send(page.rows);
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Add a user (with a password for the embedded sign-in, and roles)',
        body: NewUserBody,
        response: { 201: User },
      },
    },
    async (request, reply) => {
      const user = await addUser(db, actorOf(request), request.body);
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/users/:user_id',
    { schema: { tags, summary: 'One user', params: UserParams, response: { 200: User } } },
    async (request) => {
      requireAdministrator(actorOf(request), 'see other users');
      return readUser(db, request.params.user_id);
    },
  );

  app.put(
    '/users/:user_id',
    {
      schema: {
        tags,
        summary: "Change a user's name, email, password or disabled flag",
        params: UserParams,
        body: UserChangesBody,
        response: { 200: User },
      },
    },
    (request) =>
      updateUser(db, actorOf(request), request.params.user_id, {
        ...request.body,
        disabled: request.body.disabled as 0 | 1 | undefined,
      }),
  );

  app.delete(
    '/users/:user_id',
    {
      schema: {
        tags,
        summary: 'Delete a user who holds no lock (never yourself or the last administrator)',
        params: UserParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await deleteUser(db, actorOf(request), request.params.user_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/:user_id/roles',
    {
      schema: {
        tags,
        summary: "Replace a user's roles (none may rank above your own)",
        params: UserParams,
        body: UserRolesBody,
        response: { 200: User },
      },
    },
    (request) => setUserRoles(db, actorOf(request), request.params.user_id, request.body.roles),
  );
};
