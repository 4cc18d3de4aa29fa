import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('read cache', () => {
  it('answers what was stored until it expires or is cleared', () => {
    const cache = new ReadCache();
    cache.set('menu:a', '{"a":1}', { readAt: cache.generation(), expires: 2_000, now: 1_000 });
    expect(cache.get('menu:a', 1_500)?.toString()).toBe('{"a":1}');
    expect(cache.get('menu:a', 2_000)).toBeUndefined();
    cache.set('menu:b', '{}', { readAt: cache.generation() });
    cache.clear();
    expect(cache.get('menu:b')).toBeUndefined();
  });

  it('replaces an entry stored again under the same key', () => {
    const cache = new ReadCache();
    cache.set('menu:a', 'old', { readAt: cache.generation() });
    cache.set('menu:a', 'new', { readAt: cache.generation() });
    expect(cache.get('menu:a')?.toString()).toBe('new');
  });

  it('drops a reply read before a clear that covers it', () => {
    const cache = new ReadCache();
    const readAt = cache.generation();
    cache.clear();
    cache.set('menu:a', 'stale', { readAt });
    expect(cache.get('menu:a')).toBeUndefined();
    cache.set('menu:a', 'fresh', { readAt: cache.generation() });
    expect(cache.get('menu:a')?.toString()).toBe('fresh');
  });

  it("a lock clears the menus and the locked item's pages, nothing else", () => {
    const cache = new ReadCache();
    const readAt = cache.generation();
    cache.set('menu:editor', 'menu', { readAt });
    cache.set('page:public:site\n/a', 'page a', { readAt, content: 'a' });
    cache.set('page:public:site\n/b', 'page b', { readAt, content: 'b' });
    const pageReadAt = cache.generation();
    cache.clearLockOf('a');
    expect(cache.get('menu:editor')).toBeUndefined();
    expect(cache.get('page:public:site\n/a')).toBeUndefined();
    expect(cache.get('page:public:site\n/b')?.toString()).toBe('page b');
    // A page of another item read before the lock is still current; one of the locked item is not.
    cache.set('page:admin:site\n/b', 'b', { readAt: pageReadAt, content: 'b' });
    cache.set('page:admin:site\n/a', 'a', { readAt: pageReadAt, content: 'a' });
    expect(cache.get('page:admin:site\n/b')?.toString()).toBe('b');
    expect(cache.get('page:admin:site\n/a')).toBeUndefined();
  });
});
