import { describe, expect, it } from 'vitest';
import { canLock, canUnlock, lockedByMessage } from './locks';

describe('canLock', () => {
  it('lets anyone take a free lock', () => {
    expect(canLock(null, 'jane')).toEqual({ ok: true, alreadyHeld: false });
  });

  it('lets the owner take their own lock again', () => {
    expect(canLock('jane', 'jane')).toEqual({ ok: true, alreadyHeld: true });
  });

  it("refuses someone else's lock and names the owner", () => {
    expect(canLock('jane', 'john')).toEqual({ ok: false, reason: 'lockedByOther', owner: 'jane' });
  });
});

describe('canUnlock', () => {
  it('lets only the owner unlock', () => {
    expect(canUnlock('jane', 'jane')).toEqual({ ok: true, alreadyHeld: true });
    expect(canUnlock('jane', 'john')).toEqual({
      ok: false,
      reason: 'lockedByOther',
      owner: 'jane',
    });
  });

  it('unlocks a free item trivially', () => {
    expect(canUnlock(null, 'john')).toEqual({ ok: true, alreadyHeld: false });
  });
});

describe('lockedByMessage', () => {
  it("is the spec's message followed by the owner's name", () => {
    expect(lockedByMessage('Jane')).toBe('Content has been locked by Jane');
  });
});
