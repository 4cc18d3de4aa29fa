/**
 * Sign-in attempt limits, per account (failures) and per client address (attempts), in fixed
 * windows. The address is the socket's peer unless it is a trusted proxy (Fastify's
 * `request.ip`), so a forged X-Forwarded-For cannot buy more tries. Kept in memory: each
 * instance counts its own attempts (a shared store can replace this class behind the same API).
 */
import type { SignInLimits } from './config';

interface Window {
  count: number;
  resetAt: number;
  /** Whether an attempt has been refused in this window already. */
  refused?: boolean;
}

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The first refusal of a window: the one the audit record notes (not every one after). */
  firstRefusal: boolean;
}

export class SignInLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt from `address` and says whether it may go ahead. */
  attempt(account: string, address: string): LimitVerdict {
    const byAddress = this.bump(`address:${address}`);
    const byAccount = this.current(`account:${account.toLowerCase()}`);
    const blocked = [
      byAddress.count > this.limits.perAddress ? byAddress : null,
      byAccount && byAccount.count >= this.limits.perAccount ? byAccount : null,
    ].filter((window): window is Window => window !== null);
    if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0, firstRefusal: false };
    const resetAt = Math.max(...blocked.map((window) => window.resetAt));
    const firstRefusal = blocked.some((window) => !window.refused);
    for (const window of blocked) window.refused = true;
    return {
      allowed: false,
      retryAfterSeconds: Math.ceil((resetAt - this.now()) / 1000),
      firstRefusal,
    };
  }

  failed(account: string): void {
    this.bump(`account:${account.toLowerCase()}`);
  }

  succeeded(account: string): void {
    this.windows.delete(`account:${account.toLowerCase()}`);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private bump(key: string): Window {
    let window = this.current(key);
    if (!window) {
      if (this.windows.size > 50_000) this.prune();
      window = { count: 0, resetAt: this.now() + this.limits.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
