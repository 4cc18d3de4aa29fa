/**
 * The server's token-signing keys, kept in the database so every instance shares them.
 * The embedded OpenID provider signs with the newest; verification accepts any of them.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index';

export interface SigningKeys {
  /** Private JWKs, newest first. */
  privateKeys: JWK[];
  /** The public JWKS document. */
  jwks: { keys: JWK[] };
}

export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  let rows = await db
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_date', 'desc')
    .execute();
  if (rows.length === 0) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    await db
      .insertInto('signing_keys')
      .values({ kid, private_jwk: JSON.stringify(jwk), created_date: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    rows = await db
      .selectFrom('signing_keys')
      .selectAll()
      .orderBy('created_date', 'desc')
      .execute();
  }
  const privateKeys = rows.map((row) => JSON.parse(row.private_jwk) as JWK);
  const jwks = {
    keys: privateKeys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
  return { privateKeys, jwks };
}
