import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, publish, type World } from './fixtures';

describe.each(DIALECTS)('the editor Save on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    await t.tokenFor('editor', ['administrator']);
  });
  afterAll(() => t.close());

  const save = (id: string, payload: object, as = 'admin') =>
    t.request({ method: 'PUT', url: `/api/contents/${id}`, payload, as });
  const zoneOf = (content: {
    content_fields: Record<
      string,
      { dynamic_content_regions: Record<string, { region_id: string }> }
    >;
  }) =>
    Object.values(content.content_fields[world.blocks.zone]!.dynamic_content_regions)[0]!.region_id;

  /** A save body that adds `n` widget blocks (2 fields each) to the page's zone. */
  function addBlocks(page: ReturnType<typeof Object>, n: number) {
    const regionId = zoneOf(page);
    const blocks = Array.from({ length: n }, () => ({
      block_id: randomUUID(),
      heading: randomUUID(),
      text: randomUUID(),
    }));
    return {
      blocks,
      body: {
        version: page.version,
        updated_date: page.updated_date,
        dynamic_content_regions: [
          {
            region_id: regionId,
            region_value: {
              id: regionId,
              type: 'dynamicZone',
              blocks: blocks.map((b) => ({ id: b.block_id })),
            },
            cmsItemStatus: { edited: true },
          },
        ],
        content_blocks: blocks.map((b) => ({
          block_id: b.block_id,
          region_id: regionId,
          template_id: world.widgetTemplateId,
          content_block_order: 7,
          cmsItemStatus: { create: true },
        })),
        content_blocks_fields: blocks.flatMap((b, i) => [
          {
            field_id: b.heading,
            block_id: b.block_id,
            template_block_id: world.widgetBlocks.heading,
            field_value: `Heading ${i}`,
            cmsItemStatus: { create: true },
          },
          {
            field_id: b.text,
            block_id: b.block_id,
            template_block_id: world.widgetBlocks.text,
            field_value: `Text ${i}`,
            cmsItemStatus: { create: true },
          },
        ]),
      },
    };
  }

  it('saves fields, a zone, blocks and block fields in one request', async () => {
    const page = await createPage(t, world, 'Save Me');
    expect(page.content_fields[world.blocks.title].field_value).toBe('Untitled');
    const { blocks, body } = addBlocks(page, 3);
    const res = await save(page.content_id, {
      ...body,
      content_fields: [
        {
          field_id: fieldId(page, world.blocks.title),
          field_value: 'Hello',
          cmsItemStatus: { edited: true },
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.status).toBe('Success');
    expect(saved.content_fields[world.blocks.title].field_value).toBe('Hello');
    const zone = saved.content_fields[world.blocks.zone].dynamic_content_regions[zoneOf(page)];
    expect(zone.region_value.blocks.map((b: { id: string }) => b.id)).toEqual(
      blocks.map((b) => b.block_id),
    );
    expect(Object.keys(zone.content_blocks)).toHaveLength(3);
    const first = zone.content_blocks[blocks[0]!.block_id];
    expect(first.content_block_order).toBe(1);
    expect(first.content_blocks_fields[world.widgetBlocks.heading].field_value).toBe('Heading 0');
    expect(saved.updated_by).toBe('admin');
    expect(saved.updated_date > page.updated_date).toBe(true);
  });

  it('writes nothing at all when one block among many valid changes is invalid', async () => {
    const page = await createPage(t, world, 'All Or Nothing');
    const { blocks, body } = addBlocks(page, 20);
    // the 13th block's required Heading is empty
    body.content_blocks_fields[24]!.field_value = '';
    const res = await save(page.content_id, {
      ...body,
      content_fields: [
        {
          field_id: fieldId(page, world.blocks.title),
          field_value: 'Changed',
          cmsItemStatus: { edited: true },
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Heading: This field is required',
      errors: [
        {
          kind: 'block_field',
          id: blocks[12]!.heading,
          template_block_id: world.widgetBlocks.heading,
          message: 'Heading: This field is required',
        },
      ],
    });
    const after = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` })
    ).json();
    expect(after.content_fields[world.blocks.title].field_value).toBe('Untitled');
    expect(after.updated_date).toBe(page.updated_date);
    const count = await t.db
      .selectFrom('content_blocks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('content_id', '=', page.content_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("applies the field's rules: regex message, required, 4000-character cap", async () => {
    const page = await createPage(t, world, 'Rules');
    const title = fieldId(page, world.blocks.title);
    const attempt = (value: string) =>
      save(page.content_id, {
        version: 1,
        updated_date: page.updated_date,
        content_fields: [{ field_id: title, field_value: value }],
      });
    expect((await attempt('lower case')).json().message).toBe(
      'Title: Start the title with a capital letter',
    );
    expect((await attempt('')).json().message).toBe('Title: This field is required');
    const long = await attempt(`A${'x'.repeat(4000)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Title: This field is limited to 4000 characters');
    expect((await attempt(`A${'x'.repeat(3999)}`)).statusCode).toBe(200);
  });

  it('a change to the Item Name field renames the content, and Page URL sets its address', async () => {
    const page = await createPage(t, world, 'Old Name');
    const names = async () => {
      const menus = (await t.request({ method: 'GET', url: '/api/menus' })).json();
      const root = menus.find((m: { content_id: string }) => m.content_id === world.rootId);
      return root.children.map((c: { content_name: string }) => c.content_name);
    };
    expect(await names()).toContain('Old Name');
    const res = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [
        {
          field_id: fieldId(page, world.blocks.itemName),
          field_value: 'New Name',
          cmsItemStatus: { edited: true },
        },
        {
          field_id: fieldId(page, world.blocks.pageUrl),
          field_value: '/new-name',
          cmsItemStatus: { edited: true },
        },
      ],
    });
    expect(res.json()).toMatchObject({ content_name: 'New Name', page_url: '/new-name' });
    const menu = (
      await t.request({ method: 'GET', url: `/api/menus/contents/${world.rootId}?level=1` })
    ).json();
    // the whole-tree menu (served from the read cache) shows the new name at once
    expect(await names()).toContain('New Name');
    expect(
      menu.children.find((c: { content_id: string }) => c.content_id === page.content_id),
    ).toMatchObject({ content_name: 'New Name', page_url: '/new-name' });
  });

  it('refuses a Page URL another page of the site already uses', async () => {
    const a = await createPage(t, world, 'Url A');
    const b = await createPage(t, world, 'Url B');
    const body = (p: typeof a) => ({
      version: 1,
      updated_date: p.updated_date,
      content_fields: [{ field_id: fieldId(p, world.blocks.pageUrl), field_value: '/same' }],
    });
    expect((await save(a.content_id, body(a))).statusCode).toBe(200);
    const res = await save(b.content_id, body(b));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The Page URL /same is already used by "Url A"; choose another',
    });
  });

  it('refuses a stale save with 409 and the current state, overwriting nothing', async () => {
    const page = await createPage(t, world, 'Stale');
    const title = fieldId(page, world.blocks.title);
    const first = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: title, field_value: 'First' }],
    });
    expect(first.statusCode).toBe(200);
    const second = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: title, field_value: 'Second' }],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('STALE_SAVE');
    expect(second.json().current.content_fields[world.blocks.title].field_value).toBe('First');
    const third = await save(page.content_id, {
      version: 1,
      updated_date: first.json().updated_date,
      content_fields: [{ field_id: title, field_value: 'Third' }],
    });
    expect(third.json().content_fields[world.blocks.title].field_value).toBe('Third');
  });

  it('needs the lock: 409 when nobody holds it, 423 when someone else does', async () => {
    const page = await createPage(t, world, 'Lock Needed');
    const body = {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: fieldId(page, world.blocks.title), field_value: 'X' }],
    };
    const other = await save(page.content_id, body, 'editor');
    expect(other.statusCode).toBe(423);
    expect(other.json()).toMatchObject({
      status: 'Failure',
      message: 'Content has been locked by Admin Tester',
    });
    await t.request({ method: 'PUT', url: `/api/unlockcontents/${page.content_id}` });
    const nobody = await save(page.content_id, body);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toEqual({
      code: 'NOT_LOCKED',
      message: 'Lock the content before changing it',
    });
  });

  it('never changes a published version, even for the holder of the lock', async () => {
    const page = await createPage(t, world, 'Live');
    await publish(t, page.content_id);
    const draft = await t.request({
      method: 'POST',
      url: '/api/contents/draft',
      payload: { content_id: page.content_id },
    });
    expect(draft.json()).toMatchObject({ version: 2, locked_by: 'admin' });
    const res = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_name: 'Hacked',
      content_fields: [{ field_id: fieldId(page, world.blocks.title), field_value: 'Hacked' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'VERSION_NOT_EDITABLE',
      message: 'Version 1 is published and never changes; create a draft from it first',
    });
    const v1 = (
      await t.request({ method: 'GET', url: `/api/contents/${page.content_id}/1` })
    ).json();
    expect(v1).toMatchObject({ content_name: 'Live', updated_date: page.updated_date });
    expect(v1.content_fields[world.blocks.title].field_value).toBe(
      page.content_fields[world.blocks.title].field_value,
    );
  });

  it('refuses ids that belong to other content or another version', async () => {
    const mine = await createPage(t, world, 'Mine');
    const theirs = await createPage(t, world, 'Theirs');
    const res = await save(mine.content_id, {
      version: 1,
      updated_date: mine.updated_date,
      content_fields: [{ field_id: fieldId(theirs, world.blocks.title), field_value: 'Stolen' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `The content field ${fieldId(theirs, world.blocks.title)} is not a field of content ${mine.content_id} version 1`,
    );
    const wrongVersion = await save(mine.content_id, {
      version: 1,
      updated_date: mine.updated_date,
      content_fields: [
        { field_id: fieldId(mine, world.blocks.title), version: 2, field_value: 'B' },
      ],
    });
    expect(wrongVersion.statusCode).toBe(400);
    const missingVersion = await save(mine.content_id, {
      version: 3,
      updated_date: mine.updated_date,
      content_name: 'x',
    });
    expect(missingVersion.statusCode).toBe(404);
    expect(missingVersion.json().code).toBe('VERSION_NOT_FOUND');
    const after = (
      await t.request({ method: 'GET', url: `/api/contents/${theirs.content_id}` })
    ).json();
    expect(after.content_fields[world.blocks.title].field_value).toBe('Untitled');
  });

  it('refuses a widget the zone does not allow, and blocks in a zone that does not exist', async () => {
    const page = await createPage(t, world, 'Widgets');
    const regionId = zoneOf(page);
    const blockId = randomUUID();
    const res = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_blocks: [
        {
          block_id: blockId,
          region_id: regionId,
          template_id: world.otherWidgetTemplateId,
          cmsItemStatus: { create: true },
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `The content block ${blockId} widget template ${world.otherWidgetTemplateId} is not allowed in this zone`,
    );
    const nowhere = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_blocks: [
        {
          block_id: blockId,
          region_id: randomUUID(),
          template_id: world.widgetTemplateId,
          cmsItemStatus: { create: true },
        },
      ],
    });
    expect(nowhere.statusCode).toBe(400);
  });

  it('deletes blocks with their fields', async () => {
    const page = await createPage(t, world, 'Deletes');
    const { blocks, body } = addBlocks(page, 2);
    const saved = (await save(page.content_id, body)).json();
    const res = await save(page.content_id, {
      version: 1,
      updated_date: saved.updated_date,
      content_blocks: [{ block_id: blocks[0]!.block_id, cmsItemStatus: { delete: true } }],
    });
    const zone = res.json().content_fields[world.blocks.zone].dynamic_content_regions[zoneOf(page)];
    expect(Object.keys(zone.content_blocks)).toEqual([blocks[1]!.block_id]);
    const orphans = await t.db
      .selectFrom('block_fields')
      .select('field_id')
      .where('block_id', '=', blocks[0]!.block_id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('answers a caller without Edit with 403 before looking at the body', async () => {
    const page = await createPage(t, world, 'Not Yours');
    await t.tokenFor('visitor', []);
    const res = await save(page.content_id, { content_name: 'x' }, 'visitor');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'Edit' });
  });

  it('refuses bad bodies: unknown, missing and wrong-typed fields', async () => {
    const page = await createPage(t, world, 'Bad Bodies');
    const unknown = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      colour: 'red',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Unknown field "colour": remove it or check its spelling',
    });
    const wrongType = await save(page.content_id, {
      version: '1',
      updated_date: page.updated_date,
      content_name: 'x',
    });
    expect(wrongType.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The field "version" must be a whole number',
    });
    const noVersion = await save(page.content_id, {
      updated_date: page.updated_date,
      content_name: 'x',
    });
    expect(noVersion.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Missing field "version": say which version you are saving',
    });
    const noDate = await save(page.content_id, { version: 1, content_name: 'x' });
    expect(noDate.json().message).toMatch(/^Missing field "updated_date"/);
    const nested = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: fieldId(page, world.blocks.title), value: 'A' }],
    });
    expect(nested.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Unknown field "content_fields.0.value": remove it or check its spelling',
    });
    const notJson = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"version": 1,',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('VALIDATION_FAILED');
    const empty = await save(page.content_id, {});
    expect(empty.json().message).toBe(
      'Nothing to save: send changed fields, a status_id, or content_order/parent_id',
    );
  });

  it('moves through Push to Staging and Back to Draft, and refuses other transitions', async () => {
    const page = await createPage(t, world, 'Statuses');
    const staged = await save(page.content_id, { version: 1, status_id: 'staged' });
    expect(staged.json()).toMatchObject({ status_id: 'staged', status: 'Success' });
    const editStaged = await save(page.content_id, {
      version: 1,
      updated_date: staged.json().updated_date,
      content_name: 'No',
    });
    expect(editStaged.statusCode).toBe(409);
    expect(editStaged.json().message).toBe('Editing needs a draft version; version 1 is staged');
    const back = await save(page.content_id, { version: 1, status_id: 'draft' });
    expect(back.json().status_id).toBe('draft');
    const publish = await save(page.content_id, { version: 1, status_id: 'published' });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(
      'Versions are published by a release: use Publish to Delivery',
    );
  });
});
