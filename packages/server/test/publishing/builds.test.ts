/**
 * Static builds: exact incremental builds (one page, one menu name, one shared fragment), a
 * failing component leaving the old build serving, an interrupted build failed at the next
 * start, and scheduled publish and unpublish dates.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build as buildApp } from '../../src/app';
import { contentHash } from '../../src/publishing/store';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';
import { DIALECTS, type TestApp } from '../harness';
import {
  changedUrls,
  contentIdOf,
  DEMO_SITE_ID,
  deliveryHashes,
  insertRunningBuild,
  publishAndWait,
  stageChange,
  startDemo,
} from './helpers';

const B = DEMO_TEMPLATES.blocks;
const ALL_PAGES = [
  '/',
  '/about',
  '/about/history',
  '/about/team',
  '/careers',
  '/news',
  '/news/canopy-launch',
  '/services',
  '/services/consulting',
  '/services/support',
  '/services/support/plans',
];

/** A page's main menu (the header's navigation) or its footer's list of links. */
function menu(html: string, which: 'main' | 'footer'): string {
  const [start, end] =
    which === 'main' ? ['class="cn-nav"', '</nav>'] : ['class="cn-footer-links"', '</ul>'];
  const from = html.indexOf(start);
  expect(from).toBeGreaterThan(-1);
  return html.slice(from, html.indexOf(end, from));
}

const PACKS = `sites/${DEMO_SITE_ID}/delivery/packs/`;

/** The delivery target's stored packs, by file name. */
async function storedPacks(t: TestApp): Promise<string[]> {
  const names: string[] = [];
  for await (const { key } of t.app.canopy.storage.list(PACKS)) names.push(key.slice(PACKS.length));
  return names.sort();
}

/** The packs the given delivery builds' manifests read, by file name. */
async function packsReadBy(t: TestApp, buildIds: string[]): Promise<string[]> {
  const store = t.app.publishing.store(DEMO_SITE_ID, 'delivery');
  const read = new Set<string>();
  for (const id of buildIds) {
    const manifest = (await store.manifest(id))!;
    for (const page of [...Object.values(manifest.pages), manifest.not_found])
      read.add(`${page.pack}.html`);
  }
  return [...read].sort();
}

describe.each(DIALECTS)('incremental builds (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
    expect((await publishAndWait(t)).status).toBe('succeeded');
  });
  afterAll(() => t.close());

  it('a publish with nothing changed renders nothing and keeps every page', async () => {
    const before = await deliveryHashes(t);
    expect(Object.keys(before).sort()).toEqual(ALL_PAGES);
    const build = await publishAndWait(t);
    expect(build).toMatchObject({ status: 'succeeded', pages_total: 11, pages_rendered: 0 });
    expect(await deliveryHashes(t)).toEqual(before);
  });

  it('editing one page re-renders that page only', async () => {
    const before = await deliveryHashes(t);
    await stageChange(t, await contentIdOf(t, '/about/history'), B.page.summary, 'Since 2006.');
    const build = await publishAndWait(t);
    expect(build.pages_rendered).toBe(1);
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(['/about/history']);
    expect((await t.app.inject({ url: '/about/history' })).body).toContain('Since 2006.');
  });

  it('stores pages in packs: a publish of one changed page writes one pack holding only that page', async () => {
    const before = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'delivery'))!;
    await stageChange(t, await contentIdOf(t, '/careers'), B.page.summary, 'Packed today.');
    const build = await publishAndWait(t);
    const after = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'delivery'))!;
    // The other pages and the 404 page point at the very bytes stored before.
    for (const url of ALL_PAGES.filter((url) => url !== '/careers'))
      expect(after.pages[url]).toEqual(before.pages[url]);
    expect(after.not_found).toEqual(before.not_found);
    expect(after.pages['/careers']).toMatchObject({ pack: `${build.build_id}-1`, start: 0 });
    // Each page served is exactly the bytes its entry names, read out of its pack.
    for (const url of [...ALL_PAGES, '/no-such-page']) {
      const response = await t.app.inject({ url });
      const entry = after.pages[url] ?? after.not_found;
      expect(response.statusCode).toBe(url === '/no-such-page' ? 404 : 200);
      expect(response.headers.etag).toBe(`"${entry.hash}"`);
      expect(contentHash(response.body)).toBe(entry.hash);
      expect(Buffer.byteLength(response.body)).toBe(entry.length);
    }
    expect((await t.app.inject({ url: '/careers' })).body).toContain('Packed today.');
  });

  it('keeps what the build served and the one before it read; the rest of the stored builds goes', async () => {
    const prefix = `sites/${DEMO_SITE_ID}/delivery`;
    const careers = await contentIdOf(t, '/careers');
    const ids: string[] = [];
    for (const summary of ['Once.', 'Twice.', 'Three times.']) {
      await stageChange(t, careers, B.page.summary, summary);
      ids.push((await publishAndWait(t)).build_id);
    }
    const [first, second, third] = ids as [string, string, string];
    // Each wrote one pack, holding /careers alone: the first's is read by neither kept build.
    const packs = await storedPacks(t);
    expect(packs).toEqual(expect.arrayContaining([`${second}-1.html`, `${third}-1.html`]));
    expect(packs).not.toContain(`${first}-1.html`);
    const manifests: string[] = [];
    for await (const { key } of t.app.canopy.storage.list(`${prefix}/manifests/`))
      manifests.push(key.slice(`${prefix}/manifests/`.length));
    expect(manifests.sort()).toEqual([`${second}.json`, `${third}.json`].sort());
    // Every pack left is one a kept build reads, and every page is served whole.
    expect(packs).toEqual(await packsReadBy(t, [second, third]));
    const served = (await t.app.publishing.currentManifest(DEMO_SITE_ID, 'delivery'))!;
    for (const url of ALL_PAGES) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(contentHash(response.body)).toBe(served.pages[url]!.hash);
    }
    expect((await t.app.inject({ url: '/careers' })).body).toContain('Three times.');
  });

  it("spares a pack of a build still running (another server's, say) until that build is over", async () => {
    const running = '7e000000-0000-4000-8000-0000000b0002';
    await insertRunningBuild(t, running, 0);
    const key = `${PACKS}${running}-1.html`;
    await t.app.canopy.storage.put(key, Buffer.from('<p>being written</p>'));
    const careers = await contentIdOf(t, '/careers');
    await stageChange(t, careers, B.page.summary, 'While another build runs.');
    await publishAndWait(t);
    expect(await t.app.canopy.storage.stat(key)).toBeDefined();
    await t.db
      .updateTable('builds')
      .set({ status: 'failed', error: 'stopped', finished_date: new Date().toISOString() })
      .where('build_id', '=', running)
      .execute();
    await stageChange(t, careers, B.page.summary, 'After it failed.');
    await publishAndWait(t);
    expect(await t.app.canopy.storage.stat(key)).toBeUndefined();
  });

  it('a storage failing to remove old builds fails nothing: it is logged, and the next build removes them', async () => {
    const careers = await contentIdOf(t, '/careers');
    const publishCareers = async (summary: string) => {
      await stageChange(t, careers, B.page.summary, summary);
      const build = await publishAndWait(t);
      expect(build.status).toBe('succeeded');
      return build.build_id;
    };
    const first = await publishCareers('One.');
    const second = await publishCareers('Two.');

    const storage = t.app.canopy.storage;
    const failing = vi.spyOn(storage, 'delete').mockRejectedValue(new Error('disk went away'));
    const warn = vi.spyOn(t.app.log, 'warn');
    let third: string;
    try {
      third = await publishCareers('Three.');
      expect((await t.app.inject({ url: '/careers' })).body).toContain('Three.');
      expect(failing).toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ siteId: DEMO_SITE_ID, mode: 'delivery' }),
        'Old builds could not be removed from storage; the next build removes them',
      );
    } finally {
      failing.mockRestore();
      warn.mockRestore();
    }
    // The first build's pack of /careers, read by neither kept build, is still there.
    expect(await storedPacks(t)).toContain(`${first}-1.html`);
    expect(await storedPacks(t)).not.toEqual(await packsReadBy(t, [second, third]));

    const fourth = await publishCareers('Four.');
    expect(await storedPacks(t)).toEqual(await packsReadBy(t, [third, fourth]));
  });

  it('renaming a page in the menu re-renders every page that shows the menu', async () => {
    const before = await deliveryHashes(t);
    await stageChange(t, await contentIdOf(t, '/careers'), B.page.itemName, 'Jobs');
    const build = await publishAndWait(t);
    expect(build.pages_rendered).toBe(11);
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(ALL_PAGES);
    expect((await t.app.inject({ url: '/services/support/plans' })).body).toContain(
      '<a href="/careers">Jobs</a>',
    );
  });

  it("'Show In Navigation' off takes a page out of the menus; it is still served, with its breadcrumb", async () => {
    const before = await deliveryHashes(t);
    await stageChange(t, await contentIdOf(t, '/services'), B.page.showInNavigation, 'false');
    const build = await publishAndWait(t);
    expect(build.pages_rendered).toBe(11);
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(ALL_PAGES);
    const home = (await t.app.inject({ url: '/' })).body;
    const menus = [menu(home, 'main'), menu(home, 'footer')];
    for (const links of menus) {
      expect(links).not.toContain('href="/services"');
      expect(links).not.toContain('href="/services/consulting"'); // its children go with it
      expect(links).toContain('href="/careers"');
    }
    const child = (await t.app.inject({ url: '/services/consulting' })).body;
    expect(child).toMatch(/aria-label="Breadcrumb"><a href="\/">Home<\/a><a href="\/services">/);

    await stageChange(t, await contentIdOf(t, '/services'), B.page.showInNavigation, 'true');
    await publishAndWait(t);
    expect(menu((await t.app.inject({ url: '/' })).body, 'main')).toContain('href="/services"');
  });

  it('editing the shared footer fragment re-renders the pages that show it', async () => {
    const before = await deliveryHashes(t);
    await stageChange(t, await contentIdOf(t, 'Footer'), B.contentFragment.heading, 'Canopy Group');
    await publishAndWait(t);
    expect(changedUrls(before, await deliveryHashes(t))).toEqual(ALL_PAGES);
    const missing = await t.app.inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Canopy Group');
  });

  it('two publishes close together end with the newest content', async () => {
    const team = await contentIdOf(t, '/about/team');
    await stageChange(t, team, B.page.summary, 'First');
    const first = t.request({
      method: 'POST',
      url: '/api/releases',
      payload: { mode: 'delivery', site_id: DEMO_SITE_ID },
    });
    await first;
    await stageChange(t, team, B.page.summary, 'Second');
    await publishAndWait(t);
    expect((await t.app.inject({ url: '/about/team' })).body).toContain('Second');
  });

  it('lists scheduled changes and honours publish and unpublish dates', async () => {
    const careers = await contentIdOf(t, '/careers');
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await t.db
      .updateTable('content_versions')
      .set({ unpublish_date: past })
      .where('content_id', '=', careers)
      .execute();
    const news = await contentIdOf(t, '/news');
    await t.db
      .updateTable('content_versions')
      .set({ publish_date: future })
      .where('content_id', '=', news)
      .execute();
    await publishAndWait(t);
    expect((await t.app.inject({ url: '/careers' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/news' })).statusCode).toBe(404);
    const scheduled = await t.request({
      method: 'GET',
      url: `/api/releases/scheduled?site_id=${DEMO_SITE_ID}`,
    });
    expect(scheduled.json()).toEqual([
      expect.objectContaining({ content_id: news, change: 'publish', date: future }),
    ]);
  });
});

describe.each(DIALECTS)('build failures (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect, {
      siteComponents: fileURLToPath(new URL('./fixtures/exploding-components.ts', import.meta.url)),
      schedulerIntervalMs: 300,
    });
    expect((await publishAndWait(t)).status).toBe('succeeded');
  });
  afterAll(() => t.close());

  it('a failing component fails the build, records why and leaves the old build serving', async () => {
    const before = await deliveryHashes(t);
    const current = await t.app.publishing.store(DEMO_SITE_ID, 'delivery').currentBuildId();
    await stageChange(t, await contentIdOf(t, '/about/team'), B.page.title, 'Explode');
    const build = await publishAndWait(t);
    expect(build.status).toBe('failed');
    expect(build.error).toContain('The page component exploded');
    expect(await t.app.publishing.store(DEMO_SITE_ID, 'delivery').currentBuildId()).toBe(current);
    expect(await deliveryHashes(t)).toEqual(before);
    const team = await t.app.inject({ url: '/about/team' });
    expect(team.statusCode).toBe(200);
    expect(team.body).toContain('Our team');
  });

  it('an interrupted build is marked failed at the next start; the target never switched', async () => {
    const current = await t.app.publishing.store(DEMO_SITE_ID, 'delivery').currentBuildId();
    const interrupted = '7e000000-0000-4000-8000-0000000b0001';
    await insertRunningBuild(t, interrupted, 4);
    // The same database and storage, as after a restart.
    const restarted = await buildApp({
      database: { db: t.db, dialect: t.dialect, close: async () => undefined },
      logger: false,
      config: { ...t.app.canopy.config },
    });
    await restarted.ready();
    try {
      const row = await t.db
        .selectFrom('builds')
        .selectAll()
        .where('build_id', '=', interrupted)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.error).toContain('The server stopped before this build finished');
      expect(await restarted.publishing.store(DEMO_SITE_ID, 'delivery').currentBuildId()).toBe(
        current,
      );
      expect((await restarted.inject({ url: '/about' })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a page whose publish date passes appears on delivery with no one pressing Publish', async () => {
    const careers = await contentIdOf(t, '/careers');
    const publishAt = (ms: number) =>
      t.db
        .updateTable('content_versions')
        .set({ publish_date: new Date(ms).toISOString() })
        .where('content_id', '=', careers)
        .execute();
    // Not live yet, however long the two publishes below take on a busy machine.
    await publishAt(Date.now() + 3_600_000);
    expect((await publishAndWait(t)).status).toBe('failed'); // the exploding page is still staged-in
    // Take the exploding title away so the scheduled build can succeed.
    await stageChange(t, await contentIdOf(t, '/about/team'), B.page.title, 'Our team again');
    await publishAndWait(t);
    expect((await t.app.inject({ url: '/careers' })).statusCode).toBe(404);
    // Now its date comes, after every build requested so far.
    await publishAt(Date.now() + 500);
    let status = 404;
    for (let i = 0; i < 150 && status !== 200; i++) {
      await new Promise((done) => setTimeout(done, 100));
      await t.app.publishing.idle();
      status = (await t.app.inject({ url: '/careers' })).statusCode;
    }
    expect(status).toBe(200);
    const builds = await t.request({ method: 'GET', url: `/api/builds?site_id=${DEMO_SITE_ID}` });
    expect(builds.json()[0]).toMatchObject({ requested_by: 'scheduler', status: 'succeeded' });
  });
});
