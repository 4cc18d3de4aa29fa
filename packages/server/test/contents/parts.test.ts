import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('fine-grained field, zone and block calls on %s', (dialect) => {
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
  const read = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
  const regionOf = (page: Awaited<ReturnType<typeof read>>) =>
    Object.keys(page.content_fields[world.blocks.zone].dynamic_content_regions)[0]!;

  it('updates a content field, renaming the content through Item Name', async () => {
    const page = await createPage(t, world, 'Parts');
    const id = fieldId(page, world.blocks.itemName);
    const res = await call('PUT', `/api/contentfields/${id}`, {
      field_id: id,
      version: 1,
      content_id: page.content_id,
      template_block_id: world.blocks.itemName,
      field_value: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', id });
    expect((await read(page.content_id)).content_name).toBe('Renamed');
  });

  it('creates a block and its fields, edits the zone, deletes the block field and the block', async () => {
    const page = await createPage(t, world, 'Blocks');
    const regionId = regionOf(page);
    const blockId = randomUUID();
    const headingId = randomUUID();
    const block = await call('POST', '/api/contentblock/', {
      block_id: blockId,
      region_id: regionId,
      template_id: world.widgetTemplateId,
      version: 1,
      content_block_order: 1,
    });
    expect(block.statusCode).toBe(201);
    const heading = await call('POST', '/api/contentblockfield/', {
      field_id: headingId,
      block_id: blockId,
      template_block_id: world.widgetBlocks.heading,
      field_value: 'Hi',
      version: 1,
    });
    expect(heading.statusCode).toBe(201);
    const zone = await call('PUT', `/api/dynamiccontentregion/${regionId}`, {
      region_id: regionId,
      version: 1,
      region_value: { id: regionId, type: 'dynamicZone', blocks: [{ id: blockId }] },
    });
    expect(zone.statusCode).toBe(200);
    let content = await read(page.content_id);
    const region = content.content_fields[world.blocks.zone].dynamic_content_regions[regionId];
    expect(region.region_value.blocks).toEqual([{ id: blockId }]);
    expect(
      region.content_blocks[blockId].content_blocks_fields[world.widgetBlocks.heading].field_value,
    ).toBe('Hi');

    const empty = await call('PUT', `/api/contentblockfield/${headingId}`, {
      version: 1,
      field_value: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Heading: This field is required');

    expect((await call('DELETE', `/api/contentblockfield/${headingId}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/contentblock/${blockId}?version=1`)).statusCode).toBe(200);
    content = await read(page.content_id);
    expect(
      content.content_fields[world.blocks.zone].dynamic_content_regions[regionId].content_blocks,
    ).toEqual({});
    const gone = await call('DELETE', `/api/contentblock/${blockId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Content block ${blockId} is not part of any draft`,
    });
  });

  it('creates a content field and a zone on a version that lacks them', async () => {
    const page = await createPage(t, world, 'Sparse');
    const bodyField = fieldId(page, world.blocks.body);
    await t.db.deleteFrom('content_fields').where('field_id', '=', bodyField).execute();
    const newField = randomUUID();
    const created = await call('POST', '/api/contentfields/', {
      field_id: newField,
      version: 1,
      content_id: page.content_id,
      template_block_id: world.blocks.body,
      field_value: '<p>Hello</p>',
    });
    expect(created.statusCode).toBe(201);
    const twice = await call('POST', '/api/contentfields/', {
      field_id: randomUUID(),
      version: 1,
      content_id: page.content_id,
      template_block_id: world.blocks.body,
      field_value: 'x',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This content already has a value for "Body"');
    const zoneField = fieldId(page, world.blocks.zone);
    const region = await call('POST', '/api/dynamiccontentregion/', {
      region_id: randomUUID(),
      field_id: zoneField,
      version: 1,
      region_value: null,
    });
    expect(region.statusCode).toBe(201);
  });

  it('obeys the same rules as the Save: lock, draft, ownership, body shape', async () => {
    const page = await createPage(t, world, 'Rules');
    const id = fieldId(page, world.blocks.title);
    const locked = await call(
      'PUT',
      `/api/contentfields/${id}`,
      { content_id: page.content_id, version: 1, field_value: 'Other' },
      'editor',
    );
    expect(locked.statusCode).toBe(423);
    const wrongContent = await call('PUT', `/api/contentfields/${id}`, {
      content_id: world.rootId,
      version: 1,
      field_value: 'X',
    });
    expect(wrongContent.statusCode).toBe(409);
    const mismatch = await call('PUT', `/api/contentfields/${id}`, {
      field_id: randomUUID(),
      content_id: page.content_id,
      version: 1,
      field_value: 'X',
    });
    expect(mismatch.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `The body's field_id does not match the path's id ${id}`,
    });
    const noVersion = await call('PUT', `/api/contentfields/${id}`, {
      content_id: page.content_id,
      field_value: 'X',
    });
    expect(noVersion.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Missing field "version"',
    });
    const status = await call('PUT', `/api/contentfields/${id}`, {
      content_id: page.content_id,
      version: 1,
      field_value: 'Y',
      cmsItemStatus: { edited: true },
    });
    expect(status.json().message).toBe(
      'Unknown field "cmsItemStatus": remove it or check its spelling',
    );
    const unknownBlock = await call('POST', '/api/contentblock/', {
      block_id: randomUUID(),
      region_id: randomUUID(),
      template_id: world.widgetTemplateId,
      version: 1,
    });
    expect(unknownBlock.statusCode).toBe(400);
    expect((await read(page.content_id)).content_fields[world.blocks.title].field_value).toBe(
      'Untitled',
    );
  });
});
