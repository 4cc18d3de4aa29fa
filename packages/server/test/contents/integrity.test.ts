/**
 * Writes reach only the content and version they name: a create inserts a new row or is refused,
 * and no id of another item, or of a published version, can be written through a draft.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('writes stay inside their own content version on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    await t.tokenFor('editor', ['administrator']);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = 'admin') =>
    t.request({ method, url, payload, as });
  const read = async (id: string, as = 'admin') =>
    (await t.request({ method: 'GET', url: `/api/contents/${id}`, as })).json();
  const zoneOf = (page: Awaited<ReturnType<typeof read>>) =>
    Object.keys(page.content_fields[world.blocks.zone].dynamic_content_regions)[0]!;

  /** A page of another user (editor), with a block and a block field, published as version 1. */
  async function publishedPage(name: string) {
    const page = await createPage(t, world, name, 'editor');
    const regionId = zoneOf(page);
    const blockId = randomUUID();
    const headingId = randomUUID();
    const res = await call(
      'PUT',
      `/api/contents/${page.content_id}`,
      {
        version: 1,
        updated_date: page.updated_date,
        content_fields: [
          { field_id: fieldId(page, world.blocks.body), field_value: '<p>Live text</p>' },
        ],
        dynamic_content_regions: [
          {
            region_id: regionId,
            region_value: { id: regionId, type: 'dynamicZone', blocks: [{ id: blockId }] },
          },
        ],
        content_blocks: [
          {
            block_id: blockId,
            region_id: regionId,
            template_id: world.widgetTemplateId,
            cmsItemStatus: { create: true },
          },
        ],
        content_blocks_fields: [
          {
            field_id: headingId,
            block_id: blockId,
            template_block_id: world.widgetBlocks.heading,
            field_value: 'Live heading',
            cmsItemStatus: { create: true },
          },
        ],
      },
      'editor',
    );
    expect(res.statusCode).toBe(200);
    await t.db
      .updateTable('content_versions')
      .set({ status_id: 'published' })
      .where('content_id', '=', page.content_id)
      .execute();
    return { before: await read(page.content_id), regionId, blockId, headingId };
  }

  it('a Save that creates a field with the id of another item’s field is refused; the other item is unchanged', async () => {
    const other = await createPage(t, world, 'Other B', 'editor');
    const mine = await createPage(t, world, 'Mine A');
    const target = fieldId(other, world.blocks.body);
    await t.db
      .deleteFrom('content_fields')
      .where('field_id', '=', fieldId(mine, world.blocks.body))
      .execute();
    const res = await call('PUT', `/api/contents/${mine.content_id}`, {
      version: 1,
      updated_date: mine.updated_date,
      content_fields: [
        {
          field_id: target,
          template_block_id: world.blocks.body,
          field_value: 'Written by A',
          cmsItemStatus: { create: true },
        },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(res.json().message).toContain(target);
    expect((await read(other.content_id)).content_fields[world.blocks.body].field_value).toBe(
      other.content_fields[world.blocks.body].field_value,
    );
  });

  it('POST /api/contentfields with a published page’s field id leaves the published row alone', async () => {
    const live = await publishedPage('Live Field');
    const mine = await createPage(t, world, 'Draft Field');
    await t.db
      .deleteFrom('content_fields')
      .where('field_id', '=', fieldId(mine, world.blocks.body))
      .execute();
    const target = fieldId(live.before, world.blocks.body);
    const res = await call('POST', '/api/contentfields', {
      field_id: target,
      content_id: mine.content_id,
      version: 1,
      template_block_id: world.blocks.body,
      field_value: '<p>Defaced</p>',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(target);
    expect(await read(live.before.content_id)).toEqual(live.before);
  });

  it('POST /api/dynamiccontentregion with a published zone’s id leaves the published zone alone', async () => {
    const live = await publishedPage('Live Zone');
    const mine = await createPage(t, world, 'Draft Zone');
    const res = await call('POST', '/api/dynamiccontentregion', {
      region_id: live.regionId,
      field_id: fieldId(mine, world.blocks.zone),
      version: 1,
      region_value: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(live.regionId);
    expect(await read(live.before.content_id)).toEqual(live.before);
  });

  it('creating a block or a block field with a published page’s ids is refused', async () => {
    const live = await publishedPage('Live Block');
    const mine = await createPage(t, world, 'Draft Block');
    const block = await call('POST', '/api/contentblock', {
      block_id: live.blockId,
      region_id: zoneOf(mine),
      template_id: world.widgetTemplateId,
      version: 1,
    });
    expect(block.statusCode).toBe(409);
    expect(block.json().message).toContain(live.blockId);

    const ownBlock = randomUUID();
    const created = await call('POST', '/api/contentblock', {
      block_id: ownBlock,
      region_id: zoneOf(mine),
      template_id: world.widgetTemplateId,
      version: 1,
    });
    expect(created.statusCode).toBe(201);
    const blockField = await call('POST', '/api/contentblockfield', {
      field_id: live.headingId,
      block_id: ownBlock,
      template_block_id: world.widgetBlocks.heading,
      field_value: 'Defaced',
      version: 1,
    });
    expect(blockField.statusCode).toBe(409);
    expect(blockField.json().message).toContain(live.headingId);
    expect(await read(live.before.content_id)).toEqual(live.before);
  });

  describe('a client-chosen content_id', () => {
    beforeAll(async () => {
      await t.db
        .insertInto('roles')
        .values({ role_id: 'makers', role_name: 'Makers', role_rank: 10, is_admin: 0 })
        .execute();
      await t.db
        .insertInto('role_permissions')
        .values(
          ['Read', 'Create'].map((permission_id) => ({
            role_id: 'makers',
            content_id: world.rootId,
            permission_id,
            permission: 1,
          })),
        )
        .execute();
      await t.tokenFor('maker', ['makers']);
    });
    const create = (content_id: string) =>
      t.request({
        method: 'POST',
        url: '/api/contents',
        as: 'maker',
        payload: { content_id, parent_id: world.rootId, template_id: world.pageTemplateId },
      });
    const grantsOn = (id: string) =>
      t.db.selectFrom('role_permissions').select('role_id').where('content_id', '=', id).execute();

    it('may not be the id of a template: 409, and no permissions on the template are granted', async () => {
      const res = await create(world.pageTemplateId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'ALREADY_EXISTS',
        message: `An item with id ${world.pageTemplateId} already exists; use a new id`,
      });
      expect(await grantsOn(world.pageTemplateId)).toEqual([]);
      const edit = await t.request({
        method: 'PUT',
        url: `/api/templates/${world.pageTemplateId}`,
        as: 'maker',
        payload: { template_name: 'Taken over' },
      });
      expect(edit.statusCode).toBe(403);
    });

    it('may not be an id the permissions table already holds', async () => {
      const id = randomUUID();
      await t.db
        .insertInto('role_permissions')
        .values({ role_id: 'makers', content_id: id, permission_id: 'Read', permission: 0 })
        .execute();
      const res = await create(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`An item with id ${id} already exists; use a new id`);
    });

    it('may be a new id', async () => {
      const id = randomUUID();
      const res = await create(id);
      expect(res.statusCode).toBe(201);
      expect(res.json().content_id).toBe(id);
    });
  });
});
