import { describe, expect, it } from 'vitest';
import { renewalDelay, renewalGuardActive, renewalGuardCookie } from './renewal';
import { LoadingCounter } from '../loader';

describe('renewal timer (§9)', () => {
  const now = 1_000_000;
  const expiresAt = (now + 60_000) / 1000;

  it('fires 0 to 5 s before expiry', () => {
    expect(renewalDelay(expiresAt, now, 0)).toBe(60_000);
    expect(renewalDelay(expiresAt, now, 1)).toBe(55_000);
    expect(renewalDelay(expiresAt, now, 0.5)).toBe(57_500);
  });

  it('fires at once for an expired token', () => {
    expect(renewalDelay(expiresAt, now + 120_000, 0.3)).toBe(0);
  });

  it('a 30 s cookie guard tells other tabs one of them renews', () => {
    expect(renewalGuardCookie()).toContain('max-age=30');
    expect(renewalGuardActive('a=1; canopy_renewing=1')).toBe(true);
    expect(renewalGuardActive('a=1; xcanopy_renewing=1')).toBe(false);
    expect(renewalGuardActive('')).toBe(false);
  });
});

describe('loading counter (§4 Loader)', () => {
  it('never goes below 0 and tells its listeners', () => {
    const counter = new LoadingCounter();
    const seen: number[] = [];
    counter.subscribe((count) => seen.push(count));
    counter.stop();
    counter.start();
    counter.start();
    counter.stop();
    counter.stop();
    counter.stop();
    expect(counter.count).toBe(0);
    expect(seen).toEqual([0, 1, 2, 1, 0, 0]);
  });
});
