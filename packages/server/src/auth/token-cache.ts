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
/**
 * Entries are found by the token's last characters (a signed token ends in its signature), then
 * the whole token is compared: a request's token is a new string each time, and finding it by
 * all of its 700 or so characters cost the string's hash on every call.
 */
const KEY_CHARS = 48;
const keyOf = (token: string) => (token.length > KEY_CHARS ? token.slice(-KEY_CHARS) : token);

export class TokenCache {
  private readonly entries = new Map<string, { token: string; actor: Actor; expires: number }>();
  private clears = 0;

  get(token: string, now = Date.now()): Actor | undefined {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (!entry || entry.token !== token) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.actor;
  }

  /** Take before verifying what will be stored. */
  generation(): number {
    return this.clears;
  }

  /**
   * `tokenExpiresAt` is the token's own `exp`, in milliseconds; `readAt` a `generation()`. A
   * token ending in the same characters as a cached one takes its place.
   */
  set(token: string, actor: Actor, tokenExpiresAt: number, readAt: number, now = Date.now()): void {
    if (readAt !== this.clears) return;
    const key = keyOf(token);
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key))
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { token, actor, expires: Math.min(now + TTL_MS, tokenExpiresAt) });
  }

  clear(): void {
    this.entries.clear();
    this.clears++;
  }
}
