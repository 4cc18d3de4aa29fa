/**
 * The embedded OpenID provider (oidc-provider) mounted at /oidc: users from the database, keys
 * from `signing_keys` (so its tokens verify with the API's key set), and JWT access tokens for
 * the content API (audience 'canopy-api') from a plain authorization code flow with PKCE.
 */
import Provider, {
  errors,
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import { SIGN_IN_SCOPES } from '@canopy/core';
import type { Db } from '../../db/index';
import { API_AUDIENCE } from '../tokens';
import type { SigningKeys } from '../keys';
import { isPersonalRole } from '../actor';
import { databaseAdapter } from './adapter';
import { renderMessagePage } from './sign-in-page';

/** The admin panel and in-page editor: a public client (no secret) that must use PKCE. */
export const ADMIN_CLIENT_ID = 'canopy-admin';
export const SIGN_IN_SCOPE = SIGN_IN_SCOPES.join(' ');
/** The scope that gives access to the content API (a resource scope). */
export const API_SCOPE = 'api-access';
/** The scopes the provider grants (and its discovery document lists), the API's among them. */
const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access', API_SCOPE];

export interface EmbeddedProviderOptions {
  db: Db;
  publicUrl: string;
  keys: SigningKeys;
  cookieKeys: string[];
  accessTokenTtl: number;
  /** Other origins the admin may run on (redirects and CORS). */
  allowedOrigins: string[];
}

/** The resource indicator of the content API: the API's own address. */
export function apiResource(publicUrl: string): string {
  return `${publicUrl}/api`;
}

export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const { db, publicUrl } = options;
  const resource = apiResource(publicUrl);
  const publicOrigin = new URL(publicUrl).origin;
  const isLocal = isLoopback(new URL(publicUrl).hostname);

  /** Same origin as the server, a configured origin, or any loopback address in development. */
  function originAllowed(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.origin === publicOrigin || options.allowedOrigins.includes(parsed.origin)) {
      return true;
    }
    return isLocal && parsed.protocol === 'http:' && isLoopback(parsed.hostname);
  }

  const resourceServer: ResourceServer = {
    scope: API_SCOPE,
    audience: API_AUDIENCE,
    accessTokenFormat: 'jwt',
    accessTokenTTL: options.accessTokenTtl,
    jwt: { sign: { alg: 'RS256' } },
  };

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: ADMIN_CLIENT_ID,
        client_name: 'Canopy',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/admin/`],
        post_logout_redirect_uris: [`${publicUrl}/admin/`],
      },
    ],
    jwks: { keys: options.keys.privateKeys as JWK[] },
    cookies: { keys: options.cookieKeys },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'given_name', 'family_name', 'roles'],
      email: ['email'],
    },
    scopes: OIDC_SCOPES,
    // The admin reads the profile from the ID token: its access token is for the API, not
    // for the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    responseTypes: ['code'],
    async findAccount(_ctx, id) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', id)
        .executeTakeFirst();
      if (!user || user.disabled) return undefined;
      return {
        accountId: id,
        async claims() {
          const roles = await db
            .selectFrom('user_roles')
            .select('role_id')
            .where('user_id', '=', id)
            .execute();
          const name = `${user.given_name} ${user.family_name}`.trim() || user.username;
          return {
            sub: id,
            name,
            preferred_username: user.username,
            given_name: user.given_name,
            family_name: user.family_name,
            email: user.email ?? undefined,
            roles: roles.map((role) => role.role_id).filter((roleId) => !isPersonalRole(roleId)),
          };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await db
        .selectFrom('users')
        .select('username')
        .where('user_id', '=', token.accountId)
        .executeTakeFirst();
      return user ? { preferred_username: user.username } : undefined;
    },
    // The admin panel is part of Canopy: nobody is asked to consent to it.
    async loadExistingGrant(ctx) {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant =
        (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      const requested = String(params?.scope ?? '').split(' ');
      grant.addOIDCScope(requested.filter((scope) => OIDC_SCOPES.includes(scope)).join(' '));
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.body = renderMessagePage({
            title: 'Sign out',
            message: 'Do you want to sign out of Canopy?',
            extra: `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary">Sign out</button>`,
          });
        },
        postLogoutSuccessSource(ctx) {
          ctx.body = renderMessagePage({
            title: 'Signed out',
            message: 'You have signed out of Canopy. You can close this window.',
          });
        },
      },
    },
    clientBasedCORS: (_ctx, origin) => originAllowed(origin),
    ttl: {
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 10 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      AccessToken: options.accessTokenTtl,
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        title: 'Sign-in problem',
        message:
          out.error === 'invalid_request' || out.error === 'invalid_client'
            ? `The sign-in request was not valid: ${out.error_description ?? out.error}.`
            : `Signing in did not work: ${out.error_description ?? out.error}.`,
      });
    },
  };

  const provider = new Provider(`${publicUrl}/oidc`, configuration);
  const clientPrototype = provider.Client.prototype as {
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  const exact = clientPrototype.redirectUriAllowed;
  const exactLogout = clientPrototype.postLogoutRedirectUriAllowed;
  // Any page of the server's own origin (the admin at /admin, the in-page editor on the site)
  // may receive the code: PKCE binds it to the page that asked for it.
  clientPrototype.redirectUriAllowed = function (value) {
    return exact.call(this, value) || originAllowed(value);
  };
  clientPrototype.postLogoutRedirectUriAllowed = function (value) {
    return exactLogout.call(this, value) || originAllowed(value);
  };
  return provider;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
