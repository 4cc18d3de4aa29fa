/**
 * Bearer tokens of an external OpenID provider (OIDC_ISSUER): verified with jose against the
 * issuer's published key set, found through discovery (or OIDC_JWKS_URI).
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { ExternalIssuerConfig } from './config';
import { REQUIRED_CLAIMS } from './tokens';

/** Only asymmetric algorithms: a shared-secret (HS*) token can never pass for the issuer's. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

export interface ExternalVerifier {
  issuer: string;
  verify(token: string): Promise<JWTPayload>;
  /** The role names or ids the token's roles claim carries; null when it has none. */
  rolesOf(payload: JWTPayload): string[] | null;
}

export function createExternalVerifier(config: ExternalIssuerConfig): ExternalVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function keys(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    if (!keySet) {
      const uri = config.jwksUri ?? (await discoverJwksUri(config.issuer));
      keySet = createRemoteJWKSet(new URL(uri));
    }
    return keySet;
  }

  return {
    issuer: config.issuer,
    async verify(token) {
      const { payload } = await jwtVerify(token, await keys(), {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: REQUIRED_CLAIMS,
      });
      return payload;
    },
    rolesOf(payload) {
      let value: unknown = payload;
      for (const part of config.rolesClaim.split('.')) {
        value =
          value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
      }
      if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
      if (Array.isArray(value)) return value.filter((role) => typeof role === 'string');
      return null;
    },
  };
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') {
    throw new Error(`OpenID discovery at ${url} names no jwks_uri`);
  }
  return document.jwks_uri;
}
