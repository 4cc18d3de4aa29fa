import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from './actor';
import { TokenCache } from './token-cache';

describe('verified-token cache', () => {
  it('keeps an actor for 30 seconds at most', () => {
    const cache = new TokenCache();
    cache.set('t', SYSTEM_ACTOR, 10_000_000, cache.generation(), 0);
    expect(cache.get('t', 29_999)).toBe(SYSTEM_ACTOR);
    expect(cache.get('t', 30_000)).toBeUndefined();
  });

  it("never past the token's own expiry, and not after a clear", () => {
    const cache = new TokenCache();
    cache.set('t', SYSTEM_ACTOR, 5_000, cache.generation(), 0);
    expect(cache.get('t', 5_000)).toBeUndefined();
    cache.set('u', SYSTEM_ACTOR, 10_000_000, cache.generation(), 0);
    cache.clear();
    expect(cache.get('u', 1)).toBeUndefined();
  });

  it('drops an actor verified before a clear', () => {
    const cache = new TokenCache();
    const readAt = cache.generation();
    cache.clear();
    cache.set('t', SYSTEM_ACTOR, 10_000_000, readAt, 0);
    expect(cache.get('t', 1)).toBeUndefined();
  });

  it('tells apart tokens that end alike', () => {
    const cache = new TokenCache();
    const ending = 's'.repeat(100);
    const other = { ...SYSTEM_ACTOR, username: 'other' };
    cache.set(`a.${ending}`, SYSTEM_ACTOR, 10_000_000, cache.generation(), 0);
    expect(cache.get(`a.${ending}`, 1)).toBe(SYSTEM_ACTOR);
    expect(cache.get(`b.${ending}`, 1)).toBeUndefined();
    cache.set(`b.${ending}`, other, 10_000_000, cache.generation(), 0);
    expect(cache.get(`b.${ending}`, 1)).toBe(other);
    expect(cache.get(`a.${ending}`, 1)).toBeUndefined();
  });
});
