/**
 * Lock leases (core's `lockHolder` is the rule): the server's lease length, set once from
 * CANOPY_LOCK_LEASE_SECONDS when the app is built, and the lock of an item as it stands now.
 */
import { DEFAULT_LOCK_LEASE_SECONDS, lockExpiry, lockHolder } from '@canopy/core';
import type { ContentItemRow } from '../db/schema';

let leaseSeconds = DEFAULT_LOCK_LEASE_SECONDS;

export function configureLockLease(seconds: number): void {
  leaseSeconds = seconds;
}

export function lockLeaseSeconds(): number {
  return leaseSeconds;
}

/** Locks renewed before this instant have lapsed (dates are ISO text, so they compare as text). */
export function lapseCutoff(now = Date.now()): string {
  return new Date(now - leaseSeconds * 1000).toISOString();
}

/** The item with its lock as it stands now: a lapsed lock is nobody's. */
export function withCurrentLock<T extends Pick<ContentItemRow, 'locked_by' | 'locked_date'>>(
  item: T,
): T {
  if (lockHolder(item, leaseSeconds) !== null || item.locked_by === null) return item;
  return { ...item, locked_by: null, locked_date: null };
}

/** When the item's lock lapses unless renewed, as stored (null: not locked or no lease). */
export function lockExpiryDate(
  item: Pick<ContentItemRow, 'locked_by' | 'locked_date'>,
): string | null {
  const expiry = lockExpiry(item, leaseSeconds);
  return expiry === null ? null : new Date(expiry).toISOString();
}
