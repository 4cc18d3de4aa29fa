/**
 * Lists hold only what the caller may read: a site's page URLs (published and latest publishable)
 * never name a page, staged or published, on which the caller lacks Read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('page URL lists filtered by Read on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let open: string;
  let secret: string;

  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    open = (await createPage(t, world, 'Open')).content_id;
    secret = (await createPage(t, world, 'Secret plans')).content_id;
    // Version rows as publishing will leave them: Open published, Secret plans staged.
    for (const [id, status, url] of [
      [open, 'published', '/open'],
      [secret, 'staged', '/secret-plans'],
    ] as const) {
      await t.db
        .updateTable('content_versions')
        .set({ status_id: status, page_url: url })
        .where('content_id', '=', id)
        .execute();
    }
    await t.db
      .insertInto('roles')
      .values({ role_id: 'open-reader', role_name: 'Open reader', role_rank: 10, is_admin: 0 })
      .execute();
    await t.db
      .insertInto('role_permissions')
      .values([
        { role_id: 'open-reader', content_id: world.rootId, permission_id: 'Read', permission: 1 },
        { role_id: 'open-reader', content_id: secret, permission_id: 'Read', permission: 0 },
      ])
      .execute();
    await t.tokenFor('reader', ['open-reader']);
    await t.tokenFor('nobody', []);
  });
  afterAll(() => t.close());

  const urls = async (path: string, as: string) => {
    const res = await t.request({ method: 'GET', url: `${path}?site_id=${world.siteId}`, as });
    expect(res.statusCode).toBe(200);
    return (res.json() as { page_url: string; content_name: string }[]).map(
      (page) => `${page.content_name} ${page.page_url}`,
    );
  };

  it('latest publishable page URLs leave out pages the caller may not read', async () => {
    expect(await urls('/api/latestpublishable/pageurls', 'admin')).toEqual([
      'Home /',
      'Open /open',
      'Secret plans /secret-plans',
    ]);
    expect(await urls('/api/latestpublishable/pageurls', 'reader')).toEqual([
      'Home /',
      'Open /open',
    ]);
    expect(await urls('/api/latestpublishable/pageurls', 'nobody')).toEqual([]);
  });

  it('published page URLs leave them out too', async () => {
    expect(await urls('/api/pageurls', 'reader')).toEqual(['Home /', 'Open /open']);
    expect(await urls('/api/pageurls', 'nobody')).toEqual([]);
  });
});
