/**
 * Authenticates every /api call and puts the caller on `request.actor`. A caller proves who they
 * are with one of: a bearer access token (the embedded provider's, or OIDC_ISSUER's), an API key
 * (x-api-key), or, in gateway mode, identity headers from a trusted proxy. A verified token's
 * user is kept for 30 seconds at most (auth/token-cache.ts) and forgotten at any write through
 * this server: a user disabled here is refused on the next call, one disabled elsewhere (the
 * command line, another instance) within 30 seconds.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { PUBLIC_ACTOR, type Actor } from '../auth/actor';
import { createExternalVerifier } from '../auth/external';
import {
  gatewayProfile,
  hasGatewayHeaders,
  isTrustedAddress,
  passesCsrfCheck,
  trustedProxyList,
} from '../auth/gateway';
import { resolveExternalUser } from '../operations/users/external-identities';
import { loadUserActor } from '../auth/load-actor';
import { API_KEY_HEADER } from '../auth/api-keys';
import type { TokenCache } from '../auth/token-cache';
import { authenticateApiKey } from '../operations/apikeys/authenticate-api-key';
import { AppError, fail } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without an identity (docs, sign-in configuration). */
    public?: boolean;
    /**
     * Public delivery routes (published content by site and page URL, page URLs): they answer
     * without an identity when CANOPY_PUBLIC_DELIVERY=true, and they are the only routes a
     * published-content-only caller (read API key, anonymous reader) may use.
     */
    delivery?: boolean;
  }
}

/** A token in the address, refused: addresses end up in logs and browser histories. */
export const TOKEN_IN_URL = /[?&]access_token=/;

/**
 * The caller of a header in the usual form, `Bearer <token>`, whose token was verified before:
 * found without the header's pattern (which that token passed when it was verified).
 */
export function verifiedBearer(header: string, verified: TokenCache): Actor | undefined {
  return header.startsWith('Bearer ') ? verified.get(header.slice(7)) : undefined;
}

const SIGN_IN_MESSAGE = 'Sign in to use the content API (send a bearer token)';
const READ_METHODS = new Set(['GET', 'HEAD']);
const INVALID_TOKEN_MESSAGE = 'Your sign-in has expired or is not valid; sign in again';

export const authPlugin = fp(
  async (app) => {
    const { config, db, tokens } = app.canopy;
    const auth = config.auth;
    const external = auth.external ? createExternalVerifier(auth.external) : null;
    const proxies = trustedProxyList(auth.trustedProxies);
    const origins = [new URL(config.publicUrl).origin, ...auth.allowedOrigins];

    // Emptied by every successful write (context plugin): a user disabled here is refused next call.
    const verified = app.canopy.verifiedTokens;

    /** The user of a token not verified before (or no longer cached). */
    async function bearerActor(token: string): Promise<Actor> {
      const readAt = verified.generation();
      let issuer: unknown;
      let expires: number;
      try {
        // Only to pick the verifier; the verifier then checks everything, issuer included.
        decodeProtectedHeader(token);
        const claims = decodeJwt(token);
        issuer = claims.iss;
        expires = (claims.exp ?? 0) * 1000;
      } catch {
        fail('UNAUTHENTICATED', INVALID_TOKEN_MESSAGE);
      }
      const actor = await verifiedActor(token, issuer);
      verified.set(token, actor, expires, readAt);
      return actor;
    }

    async function verifiedActor(token: string, issuer: unknown): Promise<Actor> {
      try {
        if (issuer === tokens.issuer) {
          const payload = await tokens.verify(token);
          return await loadUserActor(db, String(payload.sub));
        }
        if (external && issuer === external.issuer) {
          const payload = await external.verify(token);
          if (!payload.sub) fail('UNAUTHENTICATED', 'The token names no subject (sub)');
          const userId = await resolveExternalUser(db, {
            source: 'oidc',
            issuer: external.issuer,
            subject: payload.sub,
            username: stringClaim(payload.preferred_username),
            given_name: stringClaim(payload.given_name),
            family_name: stringClaim(payload.family_name),
            email: stringClaim(payload.email),
            roles: external.rolesOf(payload),
          });
          return await loadUserActor(db, userId);
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        app.log.debug({ err: error }, 'bearer token refused');
      }
      fail('UNAUTHENTICATED', INVALID_TOKEN_MESSAGE);
    }

    async function gatewayActor(request: FastifyRequest): Promise<Actor | null> {
      if (!hasGatewayHeaders(request.headers)) return null;
      if (!isTrustedAddress(proxies, request.socket.remoteAddress)) {
        fail(
          'UNAUTHENTICATED',
          'Identity headers are only accepted from the gateway; sign in through it',
        );
      }
      const profile = gatewayProfile(request.headers);
      if (!profile) fail('UNAUTHENTICATED', 'The gateway sent no x-canopy-sub header');
      if (!passesCsrfCheck(request.method, request.headers, origins)) {
        fail(
          'FORBIDDEN',
          'This change was sent from another site and has been refused (CSRF check)',
        );
      }
      return loadUserActor(db, await resolveExternalUser(db, profile));
    }

    /** The caller the request names: at once when its token was verified before. */
    function callerOf(request: FastifyRequest): Actor | null | Promise<Actor | null> {
      if (TOKEN_IN_URL.test(request.url)) {
        fail('UNAUTHENTICATED', 'Send the token in the Authorization header, never in the URL');
      }
      const header = request.headers.authorization;
      const apiKey = request.headers[API_KEY_HEADER];
      if (header !== undefined) {
        const known = verifiedBearer(header, verified);
        if (known) return known;
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match) fail('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
        return verified.get(match[1]!) ?? bearerActor(match[1]!);
      }
      if (typeof apiKey === 'string') return authenticateApiKey(db, apiKey, request.ip);
      if (auth.mode === 'gateway') return gatewayActor(request);
      return null;
    }

    /** Checked before the body is even read: no answer, not even a 400, without an identity. */
    function admit(request: FastifyRequest, actor: Actor | null): void {
      request.actor = actor;
      const route = request.routeOptions.config;
      if (route.public) return;
      if (!request.actor && route.delivery && auth.publicDelivery) request.actor = PUBLIC_ACTOR;
      if (!request.actor) fail('UNAUTHENTICATED', SIGN_IN_MESSAGE);
      if (request.actor.publishedOnly && !(route.delivery && READ_METHODS.has(request.method))) {
        fail('FORBIDDEN', 'This caller may only read published content (the delivery routes)');
      }
    }

    function refused(error: unknown, reply: FastifyReply): Error {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
      }
      return error as Error;
    }

    app.decorateRequest('actor', null);
    // A callback, not a promise: a caller whose token was verified before is let in at once.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return done();
      let caller: Actor | null | Promise<Actor | null>;
      try {
        caller = callerOf(request);
      } catch (error) {
        return done(refused(error, reply));
      }
      const pass = (actor: Actor | null) => {
        try {
          admit(request, actor);
        } catch (error) {
          return done(error as Error);
        }
        done();
      };
      if (caller instanceof Promise) {
        caller.then(pass, (error: unknown) => done(refused(error, reply)));
      } else pass(caller);
    });
  },
  { name: 'canopy-auth', dependencies: ['canopy-context'] },
);

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The caller of an authenticated route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) fail('UNAUTHENTICATED', SIGN_IN_MESSAGE);
  return request.actor;
}
