/** API key material: random keys shown once, stored only as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto';

/** The header server-side callers send their key in (§7). */
export const API_KEY_HEADER = 'x-api-key';

export type ApiKeyScope = 'published' | 'role';

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `cnp_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

// A fast hash is right here: keys are 256 random bits, so there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
