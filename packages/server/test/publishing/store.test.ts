/**
 * A target's stored builds on every storage implementation: after a switch, what no kept build
 * reads goes (packs, one-page objects, manifests), and a running build's packs stay.
 */
import { describe, expect, it } from 'vitest';
import { TargetStore, type Manifest, type ManifestPage } from '../../src/publishing/store';
import { IMPLEMENTATIONS, keys, openForSuite } from '../storage/implementations';

const build = (n: number) => `7e000000-0000-4000-8000-0000000c000${n}`;
const [OLDEST, BEFORE, SERVED, RUNNING] = [1, 2, 3, 4].map(build) as [
  string,
  string,
  string,
  string,
];

const inPack = (pack: string, hash: string): ManifestPage => ({
  hash,
  pack,
  start: 0,
  length: 5,
  deps: {},
});

function manifest(buildId: string, pages: Record<string, ManifestPage>): Manifest {
  return {
    build_id: buildId,
    site_id: 'site',
    mode: 'delivery',
    renderer: 'r',
    base_path: '/',
    created: new Date(0).toISOString(),
    pages,
    // A page stored before packs: one object per page, named by its hash.
    not_found: { hash: 'kept-object', deps: {} },
  };
}

describe.each(IMPLEMENTATIONS)('stored builds on $name storage', (implementation) => {
  const opened = openForSuite(implementation);

  it('removes what neither kept build reads, and spares a running build', async () => {
    const store = new TargetStore(opened.storage, 'site', 'delivery');
    const root = 'sites/site/delivery';
    const before = manifest(BEFORE, {
      '/': inPack(`${OLDEST}-1`, 'home'),
      '/about': inPack(`${BEFORE}-1`, 'about-1'),
    });
    const served = manifest(SERVED, {
      '/': inPack(`${OLDEST}-1`, 'home'),
      '/about': inPack(`${SERVED}-1`, 'about-2'),
    });
    for (const key of [
      `packs/${OLDEST}-1.html`,
      `packs/${OLDEST}-2.html`,
      `packs/${BEFORE}-1.html`,
      `packs/${SERVED}-1.html`,
      `packs/${RUNNING}-1.html`,
      `manifests/${OLDEST}.json`,
      'objects/kept-object.html',
      'objects/old-object.html',
    ])
      await opened.storage.put(`${root}/${key}`, Buffer.from('<p/>'));
    await store.putManifest(before);
    await store.putManifest(served);
    await store.setCurrent(SERVED);

    expect(await store.prune([served, before], new Set([RUNNING]))).toBe(3);
    expect(await keys(opened.storage, `${root}/`)).toEqual(
      [
        'current',
        `manifests/${BEFORE}.json`,
        `manifests/${SERVED}.json`,
        'objects/kept-object.html',
        `packs/${BEFORE}-1.html`,
        `packs/${OLDEST}-1.html`,
        `packs/${RUNNING}-1.html`,
        `packs/${SERVED}-1.html`,
      ]
        .map((key) => `${root}/${key}`)
        .sort(),
    );
    // Nothing left to remove: a second pass removes nothing.
    expect(await store.prune([served, before], new Set([RUNNING]))).toBe(0);
  });
});
