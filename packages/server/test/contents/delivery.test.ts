import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../../src/auth/config';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('public delivery on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let page: { content_id: string; updated_date: string };
  beforeAll(async () => {
    t = await startApp(dialect, { auth: loadAuthConfig({ CANOPY_PUBLIC_DELIVERY: 'true' }) });
    world = await makeWorld(t.db);
    const created = await createPage(t, world, 'Public');
    const saved = await t.request({
      method: 'PUT',
      url: `/api/contents/${created.content_id}`,
      payload: {
        version: 1,
        updated_date: created.updated_date,
        content_fields: [
          { field_id: fieldId(created, world.blocks.pageUrl), field_value: '/public' },
          { field_id: fieldId(created, world.blocks.title), field_value: 'First title' },
        ],
      },
    });
    page = saved.json();
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'published' })
      .where('content_id', '=', page.content_id)
      .execute();
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
    const edited = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: {
        version: 2,
        updated_date: draft.updated_date,
        content_fields: [
          { field_id: fieldId(draft, world.blocks.title), field_value: 'Second title' },
        ],
      },
    });
    expect(edited.statusCode).toBe(200);
    // the draft is not public
    expect((await publicPage()).json().content_fields[world.blocks.title].field_value).toBe(
      'First title',
    );
    // a release publishes version 2 (the publishing feature writes through the API; any
    // successful write clears the delivery cache)
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'published' })
      .where('content_id', '=', page.content_id)
      .where('version', '=', 2)
      .execute();
    const unlocked = await t.request({
      method: 'PUT',
      url: `/api/unlockcontents/${page.content_id}`,
    });
    expect(unlocked.statusCode).toBe(200);
    expect((await publicPage()).json()).toMatchObject({ version: 2 });
  });
});
