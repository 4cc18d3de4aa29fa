import { describe, expect, it } from 'vitest';
import { lend } from './lent-bytes';
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

  /** A menu body of items `[{"id":"x",<lock>}]` with where each item's lock is (its own fields). */
  function menu(locks: [string, string][]) {
    let text = '[';
    const ids = new Map<string, number>();
    const starts: number[] = [];
    const lengths: number[] = [];
    const ends: number[] = [];
    locks.forEach(([id, lock], i) => {
      text += `${i ? ',' : ''}{"id":"${id}",`;
      ids.set(id, i);
      starts.push(Buffer.byteLength(text));
      lengths.push(Buffer.byteLength(lock));
      text += `${lock}}`;
      ends.push(Buffer.byteLength(text));
    });
    text += ']';
    const index = {
      ids,
      idAt: locks.map(([id]) => id),
      starts: Int32Array.from(starts),
      lengths: Int32Array.from(lengths),
      ends: Int32Array.from(ends),
      sizes: new Int32Array(locks.length).fill(1),
      parents: new Int32Array(locks.length).fill(-1),
      contentEnd: Buffer.byteLength(text) - 1,
    };
    return { text, index };
  }
  /** An edit replacing items' own fields, for `patch`. */
  const bytes = (entries: [string, string][]) => ({
    replace: new Map(entries.map(([id, text]) => [id, Buffer.from(text)])),
    remove: new Set<string>(),
    insert: [],
  });
  const free = '"locked_by":null';
  const held = (by: string) => `"locked_by":"${by}"`;

  it('a lock marks the item stale in a menu; the patch shows the new lock state', () => {
    const cache = new ReadCache();
    const built = menu([
      ['a', free],
      ['b', free],
      ['é', free],
      ['c', free],
    ]);
    cache.set('menu:admin', built.text, { readAt: cache.generation(), index: built.index });
    cache.invalidate({ kind: 'lock', contentId: 'b' });
    cache.invalidate({ kind: 'lock', contentId: 'c' });
    expect(cache.get('menu:admin')).toBeUndefined();
    expect(cache.getPatchable('menu:admin')?.stale).toEqual(['b', 'c']);
    const readAt = cache.generation();
    const patched = cache.patch(
      'menu:admin',
      bytes([
        ['c', held('someone')],
        ['b', held('ann')],
      ]),
      readAt,
    );
    const expected = menu([
      ['a', free],
      ['b', held('ann')],
      ['é', free],
      ['c', held('someone')],
    ]).text;
    expect(patched?.toString()).toBe(expected);
    expect(cache.get('menu:admin')?.toString()).toBe(expected);
    // The segments moved with the patch: a later patch still finds its bytes.
    cache.invalidate({ kind: 'lock', contentId: 'c' });
    cache.patch('menu:admin', bytes([['c', free]]), cache.generation());
    cache.invalidate({ kind: 'lock', contentId: 'é' });
    cache.patch('menu:admin', bytes([['é', held('x')]]), cache.generation());
    expect(cache.get('menu:admin')?.toString()).toBe(
      menu([
        ['a', free],
        ['b', held('ann')],
        ['é', held('x')],
        ['c', free],
      ]).text,
    );
  });

  it('a menu patch read before another change is not kept as current', () => {
    const cache = new ReadCache();
    const built = menu([['a', free]]);
    cache.set('menu:admin', built.text, { readAt: cache.generation(), index: built.index });
    cache.invalidate({ kind: 'lock', contentId: 'a' });
    const readAt = cache.generation();
    // The item is locked again while its reader reads: it stays stale after the patch.
    cache.invalidate({ kind: 'lock', contentId: 'a' });
    cache.patch('menu:admin', bytes([['a', held('old')]]), readAt);
    expect(cache.get('menu:admin')).toBeUndefined();
    // Anything else changed: the patch is refused and the entry is gone.
    cache.invalidate({ kind: 'all' });
    expect(cache.patch('menu:admin', bytes([['a', free]]), readAt)).toBeUndefined();
    expect(cache.getPatchable('menu:admin')).toBeUndefined();
  });

  it('a lock of an item a menu does not show leaves that menu as it is', () => {
    const cache = new ReadCache();
    const built = menu([['a', free]]);
    cache.set('menu:role', built.text, { readAt: cache.generation(), index: built.index });
    cache.invalidate({ kind: 'lock', contentId: 'hidden' });
    expect(cache.get('menu:role')?.toString()).toBe(built.text);
  });

  it('a change of named items clears the pages and marks them stale in every menu', () => {
    let cleared = 0;
    const cache = new ReadCache([{ clear: () => cleared++ }]);
    const readAt = cache.generation();
    cache.set(
      'menu:admin',
      menu([
        ['a', free],
        ['b', free],
      ]).text,
      {
        readAt,
        index: menu([
          ['a', free],
          ['b', free],
        ]).index,
      },
    );
    cache.set('menu:role', menu([['a', free]]).text, {
      readAt,
      index: menu([['a', free]]).index,
    });
    cache.set('page:public:site\n/c', 'page c', { readAt, content: 'c' });
    cache.invalidate({ kind: 'items', contentIds: ['b'], settings: [] });
    expect(cleared).toBe(1);
    expect(cache.get('page:public:site\n/c')).toBeUndefined();
    // Stale until patched, shown or not (an item added, or one the role cannot read moved).
    expect(cache.getPatchable('menu:admin')?.stale).toEqual(['b']);
    expect(cache.getPatchable('menu:admin')?.segments.get('b')?.toString()).toBe(free);
    expect(cache.get('menu:role')).toBeUndefined();
    expect(cache.getPatchable('menu:role')?.stale).toEqual(['b']);
    expect(cache.getPatchable('menu:role')?.segments.get('b')).toBeUndefined();
    cache.patch('menu:admin', bytes([['b', held('x')]]), cache.generation());
    expect(cache.get('menu:admin')?.toString()).toBe(
      menu([
        ['a', free],
        ['b', held('x')],
      ]).text,
    );
  });

  it('a patch read before a later change of the item never replaces a newer one', () => {
    const cache = new ReadCache();
    const built = menu([['a', free]]);
    cache.set('menu:admin', built.text, { readAt: cache.generation(), index: built.index });
    cache.invalidate({ kind: 'items', contentIds: ['a'], settings: [] });
    const slowReader = cache.generation();
    cache.invalidate({ kind: 'items', contentIds: ['a'], settings: [] });
    // A later reader reads the item after both changes and patches it first.
    cache.patch('menu:admin', bytes([['a', held('new')]]), cache.generation());
    cache.patch('menu:admin', bytes([['a', held('old')]]), slowReader);
    expect(cache.get('menu:admin')?.toString()).toBe(menu([['a', held('new')]]).text);
  });

  it('any other change clears the dependent caches too', () => {
    let cleared = 0;
    const cache = new ReadCache([{ clear: () => cleared++ }]);
    cache.invalidate({ kind: 'lock', contentId: 'a' });
    expect(cleared).toBe(0);
    cache.invalidate({ kind: 'all' });
    expect(cleared).toBe(1);
    cache.invalidate({ kind: 'pages' });
    expect(cleared).toBe(2);
  });

  it('a change of nothing a menu shows clears the pages and keeps the menus', () => {
    const cache = new ReadCache();
    const built = menu([['a', free]]);
    const readAt = cache.generation();
    cache.set('menu:admin', built.text, { readAt, index: built.index });
    cache.set('page:public:site\n/a', 'page a', { readAt, content: 'a' });
    cache.invalidate({ kind: 'pages' });
    expect(cache.get('menu:admin')?.toString()).toBe(built.text);
    expect(cache.get('page:public:site\n/a')).toBeUndefined();
    // Read before that change: a menu is still current, a page is not.
    cache.set('menu:editor', 'editor menu', { readAt });
    cache.set('page:public:site\n/b', 'page b', { readAt, content: 'b' });
    expect(cache.get('menu:editor')?.toString()).toBe('editor menu');
    expect(cache.get('page:public:site\n/b')).toBeUndefined();
    // A lock still patches a kept menu, and a change of anything still clears it.
    cache.clearLockOf('a');
    expect(
      cache.patch('menu:admin', bytes([['a', held('ed')]]), cache.generation())?.toString(),
    ).toBe(menu([['a', held('ed')]]).text);
    cache.invalidate({ kind: 'all' });
    expect(cache.get('menu:admin')).toBeUndefined();
  });

  it("writes a patched menu over the old body's memory unless something still reads it", () => {
    const cache = new ReadCache();
    const ids = Array.from({ length: 20 }, (_, i) => `item-${i}`);
    const built = menu(ids.map((id) => [id, free]));
    cache.set('menu:admin', built.text, { readAt: cache.generation(), index: built.index });
    let holder = 0;
    const expected = () =>
      menu(ids.map((other, i) => [other, i < holder ? held(`held by ${i + 1}`) : free])).text;
    const lockAndPatch = () => {
      const id = ids[holder % ids.length]!;
      cache.invalidate({ kind: 'lock', contentId: id });
      const edit = bytes([[id, held(`held by ${++holder}`)]]);
      const body = cache.patch('menu:admin', edit, cache.generation())!;
      expect(body.toString()).toBe(expected());
      return body;
    };
    const first = cache.get('menu:admin')!;
    // The first body's memory was not made for bodies (it may be shared): the second goes into new
    // memory, which the next ones write over.
    const second = lockAndPatch();
    expect(second.buffer === first.buffer).toBe(false);
    const third = lockAndPatch();
    expect(third.buffer === second.buffer).toBe(true);
    // The third is being sent: the fourth goes elsewhere, and the third stays as it was.
    const sent = third.toString();
    const release = lend(third);
    const fourth = lockAndPatch();
    expect(fourth.buffer === third.buffer).toBe(false);
    expect(third.toString()).toBe(sent);
    release();
    const fifth = lockAndPatch();
    expect(fifth.buffer === fourth.buffer).toBe(true);
    expect(cache.get('menu:admin') === fifth).toBe(true);
  });
});
