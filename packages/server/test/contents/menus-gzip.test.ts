/**
 * A large menu tree goes in gzip to callers that accept it, once its gzip is made (off the main
 * thread), and as it is to the others; the gzip always holds the same tree as the plain reply,
 * also after a lock patches the cached tree.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, findMenuNode, makeWorld, type MenuNode, type World } from './fixtures';

describe.each(DIALECTS)('the menu tree in gzip on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let pageId = '';
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    // Enough items for a tree over 64 KB, the least worth compressing.
    for (let i = 0; i < 160; i++) {
      const page = await createPage(t, world, `A page with a long name to fill the tree, ${i}`);
      pageId = page.content_id as string;
    }
  }, 120_000);
  afterAll(() => t.close());

  const plain = async () => {
    const res = await t.request({ method: 'GET', url: '/api/menus' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    return res.body;
  };
  /** A reply to a caller that takes gzip: the tree's text, and whether it came compressed. */
  const accepting = async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/menus',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers.vary).toContain('Origin');
    const gzipped = res.headers['content-encoding'] === 'gzip';
    return { gzipped, text: gzipped ? gunzipSync(res.rawPayload).toString() : res.body };
  };

  it('sends the tree in gzip once it is made, the same tree as the plain reply', async () => {
    const tree = await plain();
    expect(Buffer.byteLength(tree)).toBeGreaterThan(64 * 1024);
    await expect.poll(async () => (await accepting()).gzipped).toBe(true);
    const compressed = await accepting();
    expect(compressed.gzipped).toBe(true);
    expect(compressed.text).toBe(tree);
    // Still plain for a caller that does not take it.
    expect(await plain()).toBe(tree);
  });

  it('follows a lock: the gzip shows the tree the lock patched', async () => {
    const locked = await t.request({ method: 'PUT', url: `/api/lockcontents/${pageId}` });
    expect(locked.statusCode).toBe(200);
    const tree = await plain();
    await expect.poll(async () => (await accepting()).gzipped).toBe(true);
    const compressed = await accepting();
    expect(compressed.text).toBe(tree);
    const item = findMenuNode(JSON.parse(compressed.text) as MenuNode[], pageId);
    expect(item?.locked_by).toBe('admin');
  });

  it('sends a small reply as it is', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/menus/contents/${world.rootId}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
