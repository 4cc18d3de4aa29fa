import { describe, expect, it } from 'vitest';
import { renewalDelay, renewalGuardActive, renewalGuardCookie } from './renewal';
import { readReturnPath, withReturnPath } from './return-path';
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

describe('return path (§2 Routes)', () => {
  it('travels in the query, or the fragment on a local host', () => {
    expect(withReturnPath('/admin/', '/admin/content/1', 'cms.example.com')).toBe(
      '/admin/?path=%2Fadmin%2Fcontent%2F1',
    );
    expect(withReturnPath('/admin/', '/admin/content/1', 'localhost')).toBe(
      '/admin/#path=%2Fadmin%2Fcontent%2F1',
    );
  });

  it('is read from either, and only a path of this site counts', () => {
    expect(readReturnPath(new URL('https://x/admin/?path=%2Fadmin%2Fa'))).toBe('/admin/a');
    expect(readReturnPath(new URL('http://localhost/admin/#path=%2Fadmin%2Fb'))).toBe('/admin/b');
    expect(readReturnPath(new URL('https://x/admin/?path=https://evil.example'))).toBeNull();
    expect(readReturnPath(new URL('https://x/admin/?path=//evil.example'))).toBeNull();
    expect(readReturnPath(new URL('https://x/admin/'))).toBeNull();
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
