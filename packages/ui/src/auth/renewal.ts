/** The §9 token renewal timing, kept pure so it can be tested without a browser. */
import {
  TOKEN_RENEWAL_GUARD_MS,
  TOKEN_RENEWAL_JITTER_MS,
  TOKEN_RENEWAL_WAIT_MS,
} from '@canopy/core';

/**
 * How long to wait before renewing: the timer fires a random 0-5 s before expiry (so tabs do not
 * all fire at once). 0 when the token is already (about to be) expired.
 */
export function renewalDelay(expiresAtSeconds: number, nowMs: number, random = Math.random()) {
  return Math.max(0, expiresAtSeconds * 1000 - nowMs - random * TOKEN_RENEWAL_JITTER_MS);
}

/** The cookie that tells other tabs one of them is renewing (§9: a 30 s guard). */
export const RENEWAL_GUARD_COOKIE = 'canopy_renewing';

export function renewalGuardActive(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${RENEWAL_GUARD_COOKIE}=`));
}

export function renewalGuardCookie(): string {
  return `${RENEWAL_GUARD_COOKIE}=1; max-age=${TOKEN_RENEWAL_GUARD_MS / 1000}; path=/; SameSite=Strict`;
}

/** A tab that found the guard set waits this long, then takes the renewed token. */
export const WAITING_TAB_REFRESH_MS = TOKEN_RENEWAL_WAIT_MS;
