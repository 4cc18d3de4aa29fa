/**
 * Bearer tokens already verified, with the actor they stand for, for at most 30 seconds (and
 * never past the token's own expiry). Verifying an RS256 signature and reloading the user on every
 * call would cost more than most reads; 30 seconds keeps the promise that a disabled user's
 * tokens stop within 30 seconds even when the change is made elsewhere (the command line, another
 * instance). Changes made through this server clear it at once (locks and unlocks excepted: they
 * change no one's identity).
 *
 * A verifier stores only what is still current: it takes `generation()` before loading the user
 * and passes it to `set`, which drops the entry when a clear came in between.
 */
import type { Actor } from './actor';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class TokenCache {
  private readonly entries = new Map<string, { actor: Actor; expires: number }>();
  private clears = 0;

  get(token: string, now = Date.now()): Actor | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.actor;
  }

  /** Take before verifying what will be stored. */
  generation(): number {
    return this.clears;
  }

  /** `tokenExpiresAt` is the token's own `exp`, in milliseconds; `readAt` a `generation()`. */
  set(token: string, actor: Actor, tokenExpiresAt: number, readAt: number, now = Date.now()): void {
    if (readAt !== this.clears) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { actor, expires: Math.min(now + TTL_MS, tokenExpiresAt) });
  }

  clear(): void {
    this.entries.clear();
    this.clears++;
  }
}
