/** How callers prove who they are: the identity part of the configuration, from the environment. */
import { isIP } from 'node:net';

export interface ExternalIssuerConfig {
  /** OIDC_ISSUER: the issuer whose tokens are accepted (its `iss`). */
  issuer: string;
  /** OIDC_CLIENT_ID: the client the admin panel signs in as. */
  clientId: string;
  /** OIDC_AUDIENCE: the `aud` tokens must carry (defaults to the client id). */
  audience: string;
  /** OIDC_ROLES_CLAIM: where the roles are, a claim name or a dotted path (realm_access.roles). */
  rolesClaim: string;
  /** OIDC_JWKS_URI: the key set, when discovery should not be used to find it. */
  jwksUri: string | undefined;
}

export interface AuthConfig {
  /** CANOPY_AUTH: 'oidc' (bearer tokens, the default) or 'gateway' (identity headers). */
  mode: 'oidc' | 'gateway';
  /** Set when OIDC_ISSUER names an external provider; the embedded provider is then off. */
  external: ExternalIssuerConfig | null;
  /** CANOPY_TRUSTED_PROXIES: addresses or CIDR ranges whose identity headers are believed. */
  trustedProxies: string[];
  /** CANOPY_PUBLIC_DELIVERY=true: published content and page URLs answer without an identity. */
  publicDelivery: boolean;
  /** CANOPY_ALLOWED_ORIGINS: other origins the admin may run on (redirects, CSRF checks). */
  allowedOrigins: string[];
  /** Lifetime of access tokens issued by the embedded provider, in seconds. */
  accessTokenTtl: number;
  signInLimits: SignInLimits;
}

export interface SignInLimits {
  /** Failed sign-ins allowed per account in the window. */
  perAccount: number;
  /** Sign-in attempts allowed per client address in the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: 5,
  perAddress: 30,
  windowSeconds: 15 * 60,
};

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const mode = env.CANOPY_AUTH ?? 'oidc';
  if (mode !== 'oidc' && mode !== 'gateway') {
    throw new Error(`CANOPY_AUTH must be "oidc" or "gateway", got "${mode}"`);
  }
  const trustedProxies = list(env.CANOPY_TRUSTED_PROXIES);
  for (const entry of trustedProxies) {
    if (!isIP(entry.split('/')[0]!)) {
      throw new Error(`CANOPY_TRUSTED_PROXIES: "${entry}" is not an address or a CIDR range`);
    }
  }
  if (mode === 'gateway' && trustedProxies.length === 0) {
    throw new Error('CANOPY_AUTH=gateway needs CANOPY_TRUSTED_PROXIES (the gateway addresses)');
  }
  let external: ExternalIssuerConfig | null = null;
  if (env.OIDC_ISSUER) {
    const clientId = env.OIDC_CLIENT_ID ?? '';
    const audience = env.OIDC_AUDIENCE || clientId;
    if (!audience) throw new Error('OIDC_ISSUER needs OIDC_AUDIENCE or OIDC_CLIENT_ID');
    external = {
      issuer: env.OIDC_ISSUER,
      clientId,
      audience,
      rolesClaim: env.OIDC_ROLES_CLAIM || 'roles',
      jwksUri: env.OIDC_JWKS_URI || undefined,
    };
  }
  const accessTokenTtl = Number(env.CANOPY_ACCESS_TOKEN_TTL ?? 900);
  if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 60 || accessTokenTtl > 86_400) {
    throw new Error(
      `CANOPY_ACCESS_TOKEN_TTL must be whole seconds from 60 to 86400, got "${env.CANOPY_ACCESS_TOKEN_TTL}"`,
    );
  }
  return {
    mode,
    external,
    trustedProxies,
    publicDelivery: env.CANOPY_PUBLIC_DELIVERY === 'true',
    allowedOrigins: list(env.CANOPY_ALLOWED_ORIGINS).map(originOf),
    accessTokenTtl,
    signInLimits: DEFAULT_SIGN_IN_LIMITS,
  };
}

function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(
      `CANOPY_ALLOWED_ORIGINS: "${value}" is not an origin like https://admin.example.com`,
    );
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
