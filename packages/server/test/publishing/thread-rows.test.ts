/**
 * Where a build's page rows are read: on SQLite the render threads read them from the file
 * themselves, on PostgreSQL the server's thread reads them; either way every stored page is, byte
 * for byte, the page rendered from the models this thread assembles (what preview and the remote
 * builder use), for a target showing a staged version and for the published one.
 */
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHref } from '@canopy/site';
import { STYLESHEET_URL } from '../../src/publishing/builds';
import { loadSnapshot } from '../../src/publishing/source';
import { contentHash } from '../../src/publishing/store';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, publishAndWait, stageChange, startDemo } from './helpers';

const STAGED = 'Staged, read by the render threads.';

describe.each(DIALECTS)('page rows of a build (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect, { renderThreads: 2 });
    const history = await contentIdOf(t, '/about/history');
    await stageChange(t, history, DEMO_TEMPLATES.blocks.page.summary, STAGED);
  });
  afterAll(() => t.close());

  // Preview first: it shows the staged version; publishing to delivery then publishes it.
  it.each(['preview', 'delivery'] as const)(
    'stores in %s what the models read on this thread render',
    async (mode) => {
      const build = await publishAndWait(t, mode);
      expect(build).toMatchObject({ status: 'succeeded', error: null });
      const snapshot = await loadSnapshot(t.db, DEMO_SITE_ID, mode);
      // The render threads read the rows on SQLite only.
      expect(snapshot.rowsSource !== undefined).toBe(dialect === 'sqlite');
      const base = t.app.publishing.basePath(DEMO_SITE_ID, mode);
      const urls = [...snapshot.pages.keys()];
      const inputs = await snapshot.models(urls, base, siteHref(base, STYLESHEET_URL));
      const manifest = await t.app.publishing.currentManifest(DEMO_SITE_ID, mode);
      const store = t.app.publishing.store(DEMO_SITE_ID, mode);
      expect(Object.keys(manifest!.pages).sort()).toEqual([...urls].sort());
      let staged = 0;
      for (const input of inputs) {
        const expected = await t.app.publishing.renderer.renderHere({ model: input.model });
        const page = manifest!.pages[input.url]!;
        expect(page.hash, input.url).toBe(contentHash(expected));
        expect(page.deps, input.url).toEqual(input.deps);
        const stored = await store.page(page);
        expect(await text(stored!.body), input.url).toBe(expected);
        if (expected.includes(STAGED)) staged++;
      }
      // The changed summary shows: staged in preview, then published in delivery.
      expect(staged).toBe(1);
    },
  );
});
