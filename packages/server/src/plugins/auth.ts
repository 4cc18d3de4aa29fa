/**
 * Authenticates every /api call: a bearer access token issued by the embedded provider.
 * The actor is resolved from the database, so a disabled user stops working at once.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { displayNameOf, type Actor } from '../auth/actor';
import { fail } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without an identity (public delivery, docs). */
    public?: boolean;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) fail('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
      let sub: string;
      try {
        const payload = await app.canopy.tokens.verify(match[1]!);
        sub = String(payload.sub);
      } catch {
        fail('UNAUTHENTICATED', 'Your sign-in has expired or is not valid; sign in again');
      }
      request.actor = await loadActor(request, sub);
    });
    app.addHook('preHandler', async (request) => {
      const url = request.url;
      if (
        request.routeOptions.config.public ||
        !url.startsWith('/api/') ||
        url.startsWith('/api/docs')
      )
        return;
      if (!request.actor)
        fail('UNAUTHENTICATED', 'Sign in to use the content API (send a bearer token)');
    });
  },
  { name: 'canopy-auth', dependencies: ['canopy-context'] },
);

async function loadActor(request: FastifyRequest, userId: string): Promise<Actor> {
  const { db } = request.server.canopy;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled)
    fail('UNAUTHENTICATED', 'This account is disabled or no longer exists');
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.role_id', 'user_roles.role_id')
    .select(['roles.role_id', 'roles.is_admin'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  return {
    kind: 'user',
    userId,
    username: user.username,
    displayName: displayNameOf(user),
    roleIds: roles.map((role) => role.role_id),
    isAdmin: roles.some((role) => role.is_admin === 1),
    publishedOnly: false,
  };
}

/** The caller of an authenticated route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor)
    fail('UNAUTHENTICATED', 'Sign in to use the content API (send a bearer token)');
  return request.actor;
}
