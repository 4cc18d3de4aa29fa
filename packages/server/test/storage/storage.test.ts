/**
 * The storage contract, run against every implementation: what media uploads and static builds
 * rely on (atomic puts, ranges, the size cap that keeps nothing, keys that cannot escape).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DiskStorage } from '../../src/storage/disk';
import { StorageLimitError } from '../../src/storage/storage';
import { IMPLEMENTATIONS, keys, openForSuite } from './implementations';

describe.each(IMPLEMENTATIONS)('$name storage', (implementation) => {
  const opened = openForSuite(implementation);

  it('stores a stream and reads it back whole and by range', async () => {
    const stored = await opened.storage.put('media/a.txt', Readable.from(['hello ', 'world']));
    expect(stored).toMatchObject({ key: 'media/a.txt', size: 11 });
    expect(stored.etag).toMatch(/^".+"$/);

    const whole = await opened.storage.get('media/a.txt');
    expect(await text(whole!.body)).toBe('hello world');
    const part = await opened.storage.get('media/a.txt', { start: 6, end: 8 });
    expect(await text(part!.body)).toBe('wor');
    expect((await opened.storage.stat('media/a.txt'))?.size).toBe(11);
  });

  it('answers undefined for what is not there', async () => {
    expect(await opened.storage.get('media/missing.txt')).toBeUndefined();
    expect(await opened.storage.stat('media/missing.txt')).toBeUndefined();
    await expect(opened.storage.delete('media/missing.txt')).resolves.toBeUndefined();
  });

  it('replaces an object and gives it a new etag', async () => {
    const first = await opened.storage.put('media/b.txt', Buffer.from('one'));
    const second = await opened.storage.put('media/b.txt', Buffer.from('second'));
    expect(second.etag).not.toBe(first.etag);
    expect(await text((await opened.storage.get('media/b.txt'))!.body)).toBe('second');
  });

  it('refuses a body over the cap and keeps nothing of it', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(
      opened.storage.put('media/big.bin', big, { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await opened.storage.stat('media/big.bin')).toBeUndefined();
    expect(await keys(opened.storage, 'media/big')).toEqual([]);
  });

  it('lists by prefix in key order, moves, and deletes a prefix', async () => {
    await opened.storage.put('build/1/b.html', Buffer.from('b'));
    await opened.storage.put('build/1/a.html', Buffer.from('a'));
    await opened.storage.put('build/2/a.html', Buffer.from('a2'));
    expect(await keys(opened.storage, 'build/1/')).toEqual(['build/1/a.html', 'build/1/b.html']);

    await opened.storage.move('build/1/b.html', 'build/2/b.html');
    expect(await keys(opened.storage, 'build/')).toEqual([
      'build/1/a.html',
      'build/2/a.html',
      'build/2/b.html',
    ]);

    await opened.storage.deletePrefix('build/2');
    expect(await keys(opened.storage, 'build/')).toEqual(['build/1/a.html']);
  });

  it('copies an object, leaving the original and replacing the target', async () => {
    await opened.storage.put('copy/a.txt', Buffer.from('original'));
    await opened.storage.put('copy/b.txt', Buffer.from('old'));
    await opened.storage.copy('copy/a.txt', 'copy/b.txt');
    await opened.storage.copy('copy/a.txt', 'copy/deep/c.txt');
    expect(await text((await opened.storage.get('copy/a.txt'))!.body)).toBe('original');
    expect(await text((await opened.storage.get('copy/b.txt'))!.body)).toBe('original');
    expect(await keys(opened.storage, 'copy/')).toEqual([
      'copy/a.txt',
      'copy/b.txt',
      'copy/deep/c.txt',
    ]);
  });

  it.each(['../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'a/b/', '', 'a/\u0000'])(
    'refuses the key %j',
    async (key) => {
      await expect(opened.storage.put(key, Buffer.from('x'))).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(opened.storage.get(key)).rejects.toThrow(/invalid storage key/);
    },
  );
});

describe('disk storage', () => {
  it('leaves no temporary file behind after a refused put', async () => {
    const root = mkdtempSync(join(tmpdir(), 'canopy-storage-'));
    const storage = new DiskStorage(root);
    await expect(
      storage.put('x.bin', Readable.from([Buffer.alloc(20)]), { maxBytes: 10 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await readdir(join(root, '.incoming'))).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});
