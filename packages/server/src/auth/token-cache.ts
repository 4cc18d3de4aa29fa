/**
 * Bearer tokens already verified, with the actor they stand for, for at most 30 seconds (and
 * never past the token's own expiry). Verifying an RS256 signature and reloading the user on every
 * call would cost more than most reads; 30 seconds keeps the promise that a disabled user's
 * tokens stop within 60 seconds even when the change is made elsewhere (the command line, another
 * instance). Changes made through this server clear it at once.
 */
import type { Actor } from './actor';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class TokenCache {
  private readonly entries = new Map<string, { actor: Actor; expires: number }>();

  get(token: string, now = Date.now()): Actor | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.actor;
  }

  /** `tokenExpiresAt` is the token's own `exp`, in milliseconds. */
  set(token: string, actor: Actor, tokenExpiresAt: number, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { actor, expires: Math.min(now + TTL_MS, tokenExpiresAt) });
  }

  clear(): void {
    this.entries.clear();
  }
}
