import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('read cache', () => {
  it('answers what was stored until it expires or is cleared', () => {
    const cache = new ReadCache();
    cache.set('a', '{"a":1}', 2_000, 1_000);
    expect(cache.get('a', 1_500)?.toString()).toBe('{"a":1}');
    expect(cache.get('a', 2_000)).toBeUndefined();
    cache.set('b', '{}');
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });

  it('replaces an entry stored again under the same key', () => {
    const cache = new ReadCache();
    cache.set('a', 'old');
    cache.set('a', 'new');
    expect(cache.get('a')?.toString()).toBe('new');
  });
});
