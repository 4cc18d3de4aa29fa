/** A small external OpenID issuer on 127.0.0.1: it publishes its key set and signs tokens. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { AuthConfig } from '../../src/auth/config';

export interface TestIssuer {
  url: string;
  /** The `external` configuration that trusts this issuer (audience `canopy`, roles claim `roles`). */
  config: NonNullable<AuthConfig['external']>;
  sign(claims: Record<string, unknown>, options?: { expires?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`;
  return {
    url,
    config: {
      issuer: url,
      clientId: 'spa',
      audience: 'canopy',
      rolesClaim: 'roles',
      jwksUri: `${url}/certs`,
    },
    sign(claims, { expires = true } = {}) {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(url)
        .setAudience('canopy')
        .setIssuedAt();
      if (expires) jwt.setExpirationTime('5m');
      return jwt.sign(privateKey as CryptoKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
