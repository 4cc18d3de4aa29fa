/** Lock rules (§4 Lock, §6 Lock owner). Owners are matched by preferred_username. */

export type LockDecision =
  { ok: true; alreadyHeld: boolean } | { ok: false; reason: 'lockedByOther'; owner: string };

/** Whether `username` may take the lock of an item currently locked by `lockedBy`. */
export function canLock(lockedBy: string | null, username: string): LockDecision {
  if (lockedBy == null) return { ok: true, alreadyHeld: false };
  if (lockedBy === username) return { ok: true, alreadyHeld: true };
  return { ok: false, reason: 'lockedByOther', owner: lockedBy };
}

/** Only the owner unlocks; an unlocked item unlocks trivially. */
export function canUnlock(lockedBy: string | null, username: string): LockDecision {
  return canLock(lockedBy, username);
}

/** The message shown when someone else's lock blocks an action (§4, §8). */
export function lockedByMessage(ownerName: string): string {
  return `Content has been locked by ${ownerName}`;
}
