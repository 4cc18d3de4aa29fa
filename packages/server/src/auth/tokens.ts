/** Access tokens: RS256 JWTs issued by this server's OpenID provider and checked with jose. */
import { SignJWT, createLocalJWKSet, importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKeys } from './keys';

export const API_AUDIENCE = 'canopy-api';

/** A token without an expiry would be good forever: refused, whoever signed it. */
export const REQUIRED_CLAIMS = ['exp'];

export interface TokenIssuer {
  issuer: string;
  sign(
    claims: { sub: string; preferred_username: string; scope?: string },
    ttlSeconds: number,
  ): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
}

export function createTokenIssuer(issuer: string, keys: SigningKeys): TokenIssuer {
  const jwks = createLocalJWKSet(keys.jwks);
  const signingJwk = keys.privateKeys[0]!;
  return {
    issuer,
    async sign(claims, ttlSeconds) {
      const key = await importJWK(signingJwk, 'RS256');
      return new SignJWT({ ...claims, scope: claims.scope ?? 'openid profile api-access email' })
        .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid!, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(API_AUDIENCE)
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: ['RS256'],
        requiredClaims: REQUIRED_CLAIMS,
      });
      return payload;
    },
  };
}
