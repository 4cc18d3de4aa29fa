import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../../src/auth/config';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { makeWorld, publish, publishedPage, saveFields, type World } from './fixtures';

describe.each(DIALECTS)('public delivery on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let page: { content_id: string; updated_date: string };
  beforeAll(async () => {
    t = await startApp(dialect, { auth: loadAuthConfig({ CANOPY_PUBLIC_DELIVERY: 'true' }) });
    world = await makeWorld(t.db);
    page = await publishedPage(t, world, 'Public', {
      [world.blocks.pageUrl]: '/public',
      [world.blocks.title]: 'First title',
    });
  });
  afterAll(() => t.close());

  const anonymous = (url: string) => t.request({ method: 'GET', url, as: null });
  const publicPage = () => anonymous(`/api/contents?site_id=${world.siteId}&page_url=/public`);

  it('serves published pages and page URLs without an identity', async () => {
    const res = await publicPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({
      content_id: page.content_id,
      status_id: 'published',
      permissions: [],
    });
    const urls = await anonymous(`/api/pageurls?site_id=${world.siteId}`);
    expect(urls.json().map((u: { page_url: string }) => u.page_url)).toEqual(['/', '/public']);
  });

  it('serves a cached page to each caller only as their roles allow', async () => {
    const url = `/api/contents?site_id=${world.siteId}&page_url=/public`;
    const admin = await t.request({ method: 'GET', url });
    expect(admin.json().permissions).toEqual(['Edit', 'Create', 'Delete', 'Read']);
    expect((await t.request({ method: 'GET', url })).json().permissions).toEqual(
      admin.json().permissions,
    );
    await t.tokenFor('stranger', []);
    const stranger = await t.request({ method: 'GET', url, as: 'stranger' });
    expect(stranger.statusCode).toBe(403);
    expect((await publicPage()).json().permissions).toEqual([]);
  });

  it('never serves drafts, staged versions or anything else to anonymous callers', async () => {
    expect(
      (await anonymous(`/api/latestpublishable/contents?site_id=${world.siteId}&page_url=/public`))
        .statusCode,
    ).toBe(401);
    expect((await anonymous(`/api/contents/${page.content_id}`)).statusCode).toBe(401);
    expect((await anonymous('/api/menus')).statusCode).toBe(401);
  });

  it('shows a newly published version at once, though the page was cached', async () => {
    expect((await publicPage()).json().content_fields[world.blocks.title].field_value).toBe(
      'First title',
    );
    const draft = (
      await t.request({
        method: 'POST',
        url: '/api/contents/draft',
        payload: { content_id: page.content_id },
      })
    ).json();
    const edited = await saveFields(t, draft, { [world.blocks.title]: 'Second title' });
    expect(edited.statusCode).toBe(200);
    // the draft is not public
    expect((await publicPage()).json().content_fields[world.blocks.title].field_value).toBe(
      'First title',
    );
    // the draft's save did not change the cached published page either
    expect((await publicPage()).json()).toMatchObject({ version: 1 });
    await publish(t, page.content_id, 2);
    const live = (await publicPage()).json();
    expect(live).toMatchObject({ version: 2, status_id: 'published' });
    expect(live.content_fields[world.blocks.title].field_value).toBe('Second title');
  });
});
