import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, ok, publish, saveFields, type World } from './fixtures';

describe.each(DIALECTS)('reads, delivery and lists on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let about: { content_id: string };
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    // About: published at /about, then a staged v2 moving it to /about-us
    const page = await createPage(t, world, 'About');
    ok(await saveFields(t, page, { [world.blocks.pageUrl]: '/about' }));
    await publish(t, page.content_id);
    const draft = ok(
      await t.request({
        method: 'POST',
        url: '/api/contents/draft',
        payload: { content_id: page.content_id },
      }),
    ).json();
    ok(
      await saveFields(t, draft, { [world.blocks.pageUrl]: '/about-us' }, { status_id: 'staged' }),
    );
    about = page;
  });
  afterAll(() => t.close());

  const get = (url: string, as: string | null = 'admin') => t.request({ method: 'GET', url, as });

  it('serves a page by site and Page URL in the published and latest publishable variants', async () => {
    const published = await get(
      `/api/contents?site_id=${world.siteId}&page_url=${encodeURIComponent('/about')}`,
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      content_id: about.content_id,
      version: 1,
      status_id: 'published',
      page_url: '/about',
    });
    const notYet = await get(
      `/api/contents?site_id=${world.siteId}&page_url=${encodeURIComponent('/about-us')}`,
    );
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({
      code: 'CONTENT_NOT_FOUND',
      message: 'No published page has the URL /about-us on this site',
    });
    const preview = await get(
      `/api/latestpublishable/contents?site_id=${world.siteId}&page_url=${encodeURIComponent('/about-us')}`,
    );
    expect(preview.json()).toMatchObject({ version: 2, status_id: 'staged' });
    const oldUrlInPreview = await get(
      `/api/latestpublishable/contents?site_id=${world.siteId}&page_url=/about`,
    );
    expect(oldUrlInPreview.statusCode).toBe(404);
  });

  it('lists page URLs per variant', async () => {
    const published = (await get(`/api/pageurls?site_id=${world.siteId}`)).json();
    expect(published.map((p: { page_url: string }) => p.page_url)).toEqual(['/', '/about']);
    const latest = (await get(`/api/latestpublishable/pageurls?site_id=${world.siteId}`)).json();
    expect(latest.map((p: { page_url: string }) => p.page_url)).toEqual(['/', '/about-us']);
    const siteId = randomUUID();
    const unknownSite = await get(`/api/pageurls?site_id=${siteId}`);
    expect(unknownSite.statusCode).toBe(404);
    expect(unknownSite.json()).toMatchObject({
      code: 'SITE_NOT_FOUND',
      message: `Site ${siteId} was not found`,
    });
    const missing = await get('/api/pageurls');
    expect(missing.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Missing query parameter "site_id"',
    });
  });

  it('honours publish and unpublish dates', async () => {
    const page = await createPage(t, world, 'Timed');
    ok(
      await saveFields(
        t,
        page,
        { [world.blocks.pageUrl]: '/timed' },
        { unpublish_date: '2001-01-01 12:00' },
      ),
    );
    await publish(t, page.content_id);
    expect((await get(`/api/contents?site_id=${world.siteId}&page_url=/timed`)).statusCode).toBe(
      404,
    );
    await t.db
      .updateTable('content_versions')
      .set({ unpublish_date: '2999-01-01 12:00', publish_date: '2998-01-01' })
      .where('content_id', '=', page.content_id)
      .execute();
    expect((await get(`/api/contents?site_id=${world.siteId}&page_url=/timed`)).statusCode).toBe(
      404,
    );
    await t.db
      .updateTable('content_versions')
      .set({ publish_date: '2001-01-01' })
      .where('content_id', '=', page.content_id)
      .execute();
    expect((await get(`/api/contents?site_id=${world.siteId}&page_url=/timed`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a publish date that is not a date, and keeps the one it had', async () => {
    const page = await createPage(t, world, 'Badly Dated');
    const bad = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: { version: 1, updated_date: page.updated_date, publish_date: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The field "publish_date" must be a date such as 2026-05-01 or 2026-05-01 09:30',
    });
    const after = (await get(`/api/contents/${page.content_id}`)).json();
    expect(after.publish_date).toBe(page.publish_date);
    expect(after.updated_date).toBe(page.updated_date);
  });

  it('reads one version, and says which versions do not exist', async () => {
    expect((await get(`/api/contents/${about.content_id}/2`)).json()).toMatchObject({
      version: 2,
      copied_from: 1,
    });
    const missing = await get(`/api/contents/${about.content_id}/7`);
    expect(missing.json()).toEqual({
      code: 'VERSION_NOT_FOUND',
      message: `Version 7 of content ${about.content_id} was not found`,
    });
    const draftOnly = await createPage(t, world, 'Draft Only');
    const none = await get(`/api/latestpublishable/contents/${draftOnly.content_id}`);
    expect(none.json()).toEqual({
      code: 'VERSION_NOT_FOUND',
      message: `Content ${draftOnly.content_id} has no staged or published version`,
    });
  });

  it('lists drafts of a site, locked content, content of a type, children and references', async () => {
    const page = await createPage(t, world, 'Listed');
    const drafts = (await get(`/api/contents/drafts?site_id=${world.siteId}`)).json();
    expect(drafts.map((d: { content_name: string }) => d.content_name)).toContain('Listed');
    expect(
      drafts.find((d: { content_id: string }) => d.content_id === page.content_id),
    ).toMatchObject({ version: 1, status_id: 'draft', updated_by: 'admin' });
    const locked = (await get('/api/contents/locked?locked_by=admin')).json();
    expect(locked.map((d: { content_id: string }) => d.content_id)).toContain(page.content_id);
    const pages = (await get('/api/contents/list/page')).json();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const children = (await get(`/api/contents/${world.rootId}/children`)).json();
    expect(children.map((c: { content_name: string }) => c.content_name)).toEqual(
      expect.arrayContaining(['About', 'Listed']),
    );
    expect(children.map((c: { content_order: number }) => c.content_order)).toEqual(
      [...children.map((c: { content_order: number }) => c.content_order)].sort((a, b) => a - b),
    );
    expect((await get(`/api/contents/${world.rootId}/references`)).json()).toEqual([]);
  });

  it('returns the menu tree with paths, orders, permissions and both item types', async () => {
    const menus = (await get('/api/menus')).json();
    const root = menus.find((m: { content_id: string }) => m.content_id === world.rootId);
    expect(root).toMatchObject({
      item_type: 'content',
      content_name: 'Home',
      lvl: 1,
      permissions: ['Edit', 'Create', 'Delete', 'Read'],
    });
    const first = root.children[0];
    expect(first).toMatchObject({
      parent_id: world.rootId,
      content_order: 1,
      path: `${root.path}/01`,
      lvl: 2,
      template_type_id: 'page-template',
      item_type: 'content',
    });
    const templates = menus.find((m: { item_type: string }) => m.item_type === 'template');
    expect(templates.children.map((c: { content_name: string }) => c.content_name)).toEqual([
      'Page',
      'Hero',
      'Quote',
    ]);
  });

  it('returns a subtree to the requested level, and the latest publishable variant', async () => {
    const parent = await createPage(t, world, 'Deep Parent');
    const child = await createPage(t, world, 'Deep Child', 'admin', parent.content_id);
    await createPage(t, world, 'Deep Grandchild', 'admin', child.content_id);
    const one = (await get(`/api/menus/contents/${parent.content_id}?level=1`)).json();
    expect(one.children.map((c: { content_name: string }) => c.content_name)).toEqual([
      'Deep Child',
    ]);
    expect(one.children[0].children).toEqual([]);
    const two = (await get(`/api/menus/contents/${parent.content_id}?level=2`)).json();
    expect(two.children[0].children.map((c: { content_name: string }) => c.content_name)).toEqual([
      'Deep Grandchild',
    ]);
    const publishable = (
      await get(`/api/menus/contents/latestpublishable/${world.rootId}?level=1`)
    ).json();
    const names = publishable.children.map((c: { content_name: string }) => c.content_name);
    expect(names).toContain('About');
    expect(names).not.toContain('Deep Parent');
    expect((await get(`/api/menus/contents/${parent.content_id}?level=-1`)).statusCode).toBe(400);
  });

  it('lists sites and one site with its view data', async () => {
    const sites = (await get('/api/contents/sites')).json();
    expect(sites).toEqual([
      expect.objectContaining({
        site_id: world.siteId,
        site_name: 'Test Site',
        root_content_id: world.rootId,
      }),
    ]);
    const site = (await get(`/api/contents/sites/${world.siteId}`)).json();
    expect(site).toMatchObject({
      site_id: world.siteId,
      root: { content_id: world.rootId, content_name: 'Home' },
    });
    expect(site.item_count).toBeGreaterThan(3);
    expect((await get(`/api/contents/sites/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('hides what the caller may not read', async () => {
    await t.tokenFor('outsider', []);
    expect((await get(`/api/contents/${about.content_id}`, 'outsider')).statusCode).toBe(403);
    expect((await get('/api/menus', 'outsider')).json()).toEqual([]);
    expect((await get(`/api/contents/drafts?site_id=${world.siteId}`, 'outsider')).json()).toEqual(
      [],
    );
  });

  it('lists and menus show a reader exactly the subtree they may read, filtered in the query', async () => {
    const section = await createPage(t, world, 'Reader Section');
    const inside = await createPage(t, world, 'Reader Inside', 'admin', section.content_id);
    await t.db
      .insertInto('roles')
      .values({ role_id: 'readers', role_name: 'Readers', role_rank: 5, is_admin: 0 })
      .execute();
    const granted = await t.request({
      method: 'PUT',
      url: '/api/permissions/readers',
      payload: { [section.content_id]: { Read: { permission: 1 } } },
    });
    expect(granted.statusCode).toBe(200);
    await t.tokenFor('reader', ['readers']);
    const locked = (await get('/api/contents/locked', 'reader')).json();
    expect(locked.map((c: { content_name: string }) => c.content_name).sort()).toEqual([
      'Reader Inside',
      'Reader Section',
    ]);
    expect(
      locked.find((c: { content_id: string }) => c.content_id === inside.content_id).permissions,
    ).toEqual(['Read']);
    const menus = (await get('/api/menus', 'reader')).json();
    expect(menus.map((m: { content_name: string }) => m.content_name)).toEqual(['Reader Section']);
    expect(menus[0].children.map((c: { content_name: string }) => c.content_name)).toEqual([
      'Reader Inside',
    ]);
    expect((await get(`/api/contents/${about.content_id}`, 'reader')).statusCode).toBe(403);
  });
});

describe.each(DIALECTS)('reorder and move on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  const reorder = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/contents/${id}`, payload });
  const stored = (id: string) =>
    t.db
      .selectFrom('content_items')
      .select(['path', 'lvl'])
      .where('content_id', '=', id)
      .executeTakeFirstOrThrow();

  it('saves new orders, recomputing paths of the item and its subtree', async () => {
    const a = await createPage(t, world, 'A');
    const b = await createPage(t, world, 'B');
    const aChild = await createPage(t, world, 'A child', 'admin', a.content_id);
    const rootPath = (await stored(world.rootId)).path;
    const res1 = await reorder(a.content_id, { content_id: a.content_id, content_order: 2 });
    const res2 = await reorder(b.content_id, { content_id: b.content_id, content_order: 1 });
    expect(res1.json()).toEqual({
      status: 'Success',
      content_id: a.content_id,
      content_order: 2,
      parent_id: world.rootId,
      path: `${rootPath}/02`,
    });
    expect(res2.json().path).toBe(`${rootPath}/01`);
    expect(await stored(aChild.content_id)).toEqual({ path: `${rootPath}/02/01`, lvl: 3 });
  });

  it('moves an item to a new parent, and refuses moves into its own subtree or top-level reorders', async () => {
    const from = await createPage(t, world, 'From');
    const to = await createPage(t, world, 'To');
    const moving = await createPage(t, world, 'Moving', 'admin', from.content_id);
    const toPath = (await stored(to.content_id)).path;
    const moved = await reorder(moving.content_id, { content_order: 1, parent_id: to.content_id });
    expect(moved.json()).toMatchObject({
      status: 'Success',
      parent_id: to.content_id,
      path: `${toPath}/01`,
    });
    const intoSelf = await reorder(to.content_id, {
      content_order: 1,
      parent_id: moving.content_id,
    });
    expect(intoSelf.statusCode).toBe(409);
    expect(intoSelf.json()).toEqual({
      code: 'MOVE_NOT_ALLOWED',
      message:
        'This item is not allowed to be moved to this location: an item cannot go under itself or one of its own descendants',
    });
    const top = await reorder(world.rootId, { content_order: 3 });
    expect(top.statusCode).toBe(409);
  });

  it("refuses a move the new parent's allowed types forbid", async () => {
    const strict = await createPage(t, world, 'Strict');
    await t.db
      .updateTable('content_items')
      .set({ allowed_content_type: 'folder' })
      .where('content_id', '=', strict.content_id)
      .execute();
    const page = await createPage(t, world, 'Wanderer');
    const res = await reorder(page.content_id, { content_order: 1, parent_id: strict.content_id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This item is not allowed to be moved to this location');
    const add = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: { parent_id: strict.content_id, template_id: world.pageTemplateId },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe('A Page is not allowed under "Strict"');
  });

  it('creates items at order = sibling count + 1 with the spec defaults', async () => {
    const parent = await createPage(t, world, 'Numbered');
    const kids = [];
    for (const name of ['One', 'Two', 'Three'])
      kids.push(await createPage(t, world, name, 'admin', parent.content_id));
    expect(kids.map((k) => k.content_order)).toEqual([1, 2, 3]);
    expect(kids[0]).toMatchObject({
      version: 1,
      status_id: 'draft',
      is_active: 0,
      is_locked: 1,
      publish_date: '1970-01-01 12:00',
      unpublish_date: '1970-01-01 12:00',
    });
    const unnamed = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: { parent_id: parent.content_id, template_id: world.pageTemplateId },
    });
    expect(unnamed.json().content_name).toBe('New Item');
    const badTemplate = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: { parent_id: parent.content_id, template_id: randomUUID() },
    });
    expect(badTemplate.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please select a valid template to create',
    });
    const noParent = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: { template_id: world.pageTemplateId },
    });
    expect(noParent.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Missing field "parent_id"',
    });
  });
});
