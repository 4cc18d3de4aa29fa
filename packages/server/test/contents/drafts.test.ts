import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import {
  createPage,
  fieldId,
  makeWorld,
  ok,
  publish as release,
  saveFields,
  type World,
} from './fixtures';

describe.each(DIALECTS)('versions and drafts on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    await t.tokenFor('editor', ['administrator']);
  });
  afterAll(() => t.close());

  const publish = (id: string, version: number) => release(t, id, version);

  async function publishedPage(name: string) {
    const page = await createPage(t, world, name);
    const saved = await saveFields(t, page, { [world.blocks.title]: 'Published title' });
    expect(saved.statusCode).toBe(200);
    await publish(page.content_id, 1);
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    return page;
  }

  it('creates a draft from a version: max + 1, copied_from, locked by the caller, every row copied', async () => {
    const page = await publishedPage('Drafted');
    const res = await t.request({
      method: 'POST',
      url: '/api/contents/draftfromversion',
      as: 'editor',
      payload: { content_id: page.content_id, version: 1, is_locked: true },
    });
    expect(res.statusCode).toBe(201);
    const draft = res.json();
    expect(draft).toMatchObject({
      version: 2,
      status_id: 'draft',
      copied_from: 1,
      is_locked: 1,
      locked_by: 'editor',
      updated_by: 'editor',
    });
    expect(draft.content_fields[world.blocks.title].field_value).toBe('Published title');
    expect(Object.keys(draft.content_fields).sort()).toEqual(
      Object.keys(page.content_fields).sort(),
    );
    // editing the draft leaves the published version alone
    const edit = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      as: 'editor',
      payload: {
        version: 2,
        updated_date: draft.updated_date,
        content_fields: [
          { field_id: fieldId(draft, world.blocks.title), field_value: 'Draft title' },
        ],
      },
    });
    expect(edit.statusCode).toBe(200);
    const v1 = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}/1` })
    ).json();
    expect(v1.content_fields[world.blocks.title].field_value).toBe('Published title');
    const latest = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` })
    ).json();
    expect(latest).toMatchObject({ version: 2, status_id: 'draft' });
    const publishable = (
      await t.request({ method: 'GET', url: `/api/latestpublishable/contents/${page.content_id}` })
    ).json();
    expect(publishable).toMatchObject({ version: 1, status_id: 'published' });
  });

  it('refuses a second draft with the spec message', async () => {
    const page = await publishedPage('Only One Draft');
    const first = await t.request({
      method: 'POST',
      url: '/api/contents/draft',
      payload: { content_id: page.content_id },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ version: 2, copied_from: 1 });
    const second = await t.request({
      method: 'POST',
      url: '/api/contents/draft',
      payload: { content_id: page.content_id, copied_from: 1 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'DRAFT_EXISTS',
      message:
        'You already have an available draft, delete it first if you want to create a new one.',
    });
  });

  it("refuses a draft while someone else holds the lock, and a body sub that is not the caller's", async () => {
    const page = await publishedPage('Sub Check');
    await t
      .request({ method: 'PUT', url: `/api/lockcontents/${page.content_id}`, as: 'editor' })
      .then((r) => expect(r.statusCode).toBe(409));
    const wrongSub = await t.request({
      method: 'POST',
      url: '/api/contents/draftfromversion',
      payload: { content_id: page.content_id, version: 1, sub: 'someone-else' },
    });
    expect(wrongSub.statusCode).toBe(403);
    const missing = await t.request({
      method: 'POST',
      url: '/api/contents/draftfromversion',
      payload: { content_id: page.content_id, version: 9 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'VERSION_NOT_FOUND',
      message: `Version 9 of content ${page.content_id} was not found`,
    });
  });

  it('deletes a draft (not version 1) and releases the lock', async () => {
    const page = await publishedPage('Delete Draft');
    await t.request({
      method: 'POST',
      url: '/api/contents/draft',
      payload: { content_id: page.content_id },
    });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/contents/draft/${page.content_id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', content_id: page.content_id, version: 2 });
    const latest = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` })
    ).json();
    expect(latest).toMatchObject({ version: 1, status_id: 'published', is_locked: 0 });
    const rows = await t.db
      .selectFrom('content_fields')
      .select('field_id')
      .where('content_id', '=', page.content_id)
      .where('version', '=', 2)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses with 409 a Delete Draft that would bring back a Page URL another page took meanwhile', async () => {
    const page = await createPage(t, world, 'Moving Page');
    ok(
      await saveFields(t, page, {
        [world.blocks.title]: 'Title',
        [world.blocks.pageUrl]: '/moving',
      }),
    );
    await publish(page.content_id, 1);
    const draft = ok(
      await t.request({
        method: 'POST',
        url: '/api/contents/draft',
        payload: { content_id: page.content_id },
      }),
    ).json();
    ok(await saveFields(t, draft, { [world.blocks.pageUrl]: '/moved' }));
    // another page takes the address the published version still has
    const other = await createPage(t, world, 'Newcomer');
    ok(
      await saveFields(t, other, {
        [world.blocks.title]: 'Title',
        [world.blocks.pageUrl]: '/moving',
      }),
    );

    const res = await t.request({
      method: 'DELETE',
      url: `/api/contents/draft/${page.content_id}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message:
        'Deleting this draft would bring back the Page URL /moving of version 1, which "Newcomer" uses now; change that page\'s Page URL first, then delete the draft',
      content_id: other.content_id,
    });
    const latest = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` })
    ).json();
    expect(latest).toMatchObject({ version: 2, status_id: 'draft', page_url: '/moved' });

    // once the other page moves away, the draft goes and the old address comes back
    const current = (
      await t.request({ method: 'GET', url: `/api/contents/${other.content_id}` })
    ).json();
    ok(await saveFields(t, current, { [world.blocks.pageUrl]: '/newcomer' }));
    ok(await t.request({ method: 'DELETE', url: `/api/contents/draft/${page.content_id}` }));
    const back = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` })
    ).json();
    expect(back).toMatchObject({ version: 1, page_url: '/moving' });
  });

  it('refuses to delete version 1, a draft held by someone else, and a staged version', async () => {
    const page = await createPage(t, world, 'First Version');
    const only = await t.request({
      method: 'DELETE',
      url: `/api/contents/draft/${page.content_id}`,
    });
    expect(only.statusCode).toBe(409);
    expect(only.json()).toEqual({
      code: 'ONLY_VERSION',
      message:
        'This draft is the only version of the content; delete the content in the CMS instead.',
    });
    const other = await t.request({
      method: 'DELETE',
      url: `/api/contents/draft/${page.content_id}`,
      as: 'editor',
    });
    expect(other.statusCode).toBe(423);
    await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: { version: 1, status_id: 'staged' },
    });
    const staged = await t.request({
      method: 'DELETE',
      url: `/api/contents/draft/${page.content_id}?version=1`,
    });
    expect(staged.statusCode).toBe(409);
    expect(staged.json().message).toBe('Delete Draft needs a draft version; version 1 is staged');
  });

  it('deletes content with all versions, but not with children or as a root', async () => {
    const parent = await createPage(t, world, 'Parent');
    const child = await createPage(t, world, 'Child', 'admin', parent.content_id);
    const blocked = await t.request({
      method: 'DELETE',
      url: `/api/contents/${parent.content_id}`,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({
      code: 'HAS_CHILDREN',
      message: 'This item has 1 child item(s); delete or move them first',
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/contents/${child.content_id}` })).json(),
    ).toEqual({ status: 'Success', content_id: child.content_id });
    expect(
      (await t.request({ method: 'GET', url: `/api/contents/${child.content_id}` })).statusCode,
    ).toBe(404);
    const root = await t.request({ method: 'DELETE', url: `/api/contents/${world.rootId}` });
    expect(root.statusCode).toBe(403);
  });

  it('stamps updated info on a draft and returns updated_by', async () => {
    const page = await createPage(t, world, 'Touched');
    const res = await t.request({
      method: 'PUT',
      url: `/api/content/updatedinfo/${page.content_id}?version=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', updated_by: 'admin' });
    const noVersion = await t.request({
      method: 'PUT',
      url: `/api/content/updatedinfo/${page.content_id}`,
    });
    expect(noVersion.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Missing query parameter "version"',
    });
  });
});
