/** POST /api/templateblocks/, PUT /api/templateblocks/{block_id}, DELETE /api/templateblocks/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_FOLDER_ID } from '@canopy/core';
import { DIALECTS, type TestApp } from '../harness';
import { DEMO_TEMPLATE_IDS as IDS, PAGE_BLOCK_IDS as PAGE } from '../../src/seed/templates';
import { createTemplate, startWithTemplates, UNKNOWN_ID, userWith } from './helpers';

describe.each(DIALECTS)('template blocks on %s', (dialect) => {
  let t: TestApp;
  let templateId: string;
  beforeAll(async () => {
    t = await startWithTemplates(dialect);
    templateId = (
      await createTemplate(t, {
        template_name: 'Article',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
      })
    ).template_id;
    await userWith(t, 'builder', [{ itemId: templateId, permissions: ['Edit', 'Read'] }]);
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'POST', url: '/api/templateblocks/', payload, ...(as ? { as } : {}) });
  const put = (id: string, payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'PUT', url: `/api/templateblocks/${id}`, payload, ...(as ? { as } : {}) });
  const getTemplate = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/templates/${id}` })).json();

  it('adds blocks after the last one and records who changed the template', async () => {
    const first = await post({ template_id: templateId, block_name: 'Headline' }, 'builder');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      template_id: templateId,
      block_name: 'Headline',
      block_order: 1,
      template_fields: {},
    });
    const blockId = 'b10c0000-0000-4000-8000-000000000001';
    const second = await post({
      block_id: blockId,
      template_id: templateId,
      block_name: ' Byline ',
    });
    expect(second.json()).toMatchObject({
      block_id: blockId,
      block_name: 'Byline',
      block_order: 2,
    });

    const template = await getTemplate(templateId);
    expect(Object.keys(template.template_blocks)).toEqual([first.json().block_id, blockId]);
    expect(template.updated_by).toBe('admin');
    await post({ template_id: templateId, block_name: 'Teaser' }, 'builder');
    expect((await getTemplate(templateId)).updated_by).toBe('builder');
  });

  it('refuses a block name the template already has and a block id in use', async () => {
    const name = await post({ template_id: IDS.page, block_name: 'Title' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({
      code: 'ALREADY_EXISTS',
      message: '"Page" already has a block named "Title"',
    });
    const id = await post({ block_id: PAGE.title, template_id: templateId, block_name: 'Fresh' });
    expect(id.statusCode).toBe(409);
    expect(id.json()).toEqual({
      code: 'ALREADY_EXISTS',
      message: `A template block with id ${PAGE.title} already exists; use a new id`,
    });
  });

  it('refuses missing, unknown and wrongly typed fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ block_name: 'X' }, 'Missing field "template_id"'],
      [{ template_id: templateId }, 'Missing field "block_name"'],
      [
        { template_id: templateId, block_name: 'X', fields: [] },
        'Unknown field "fields": remove it or check its spelling',
      ],
      [{ template_id: templateId, block_name: '' }, 'The field "block_name" must not be empty'],
      [
        { template_id: templateId, block_name: 'X', block_order: '1' },
        'The field "block_order" must be a whole number',
      ],
      [{ template_id: 'abc', block_name: 'X' }, 'The field "template_id" must be a valid uuid'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('answers 404 for an unknown template and 403 without Edit on it', async () => {
    const unknown = await post({ template_id: UNKNOWN_ID, block_name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'TEMPLATE_NOT_FOUND',
      message: `Template ${UNKNOWN_ID} was not found`,
    });
    const denied = await post({ template_id: IDS.page, block_name: 'Sneaky' }, 'nobody');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('Edit permission');
    const page = await getTemplate(IDS.page);
    expect(
      Object.values(page.template_blocks).map((b) => (b as { block_name: string }).block_name),
    ).not.toContain('Sneaky');
  });

  it('renames and reorders a block', async () => {
    const block = (await post({ template_id: templateId, block_name: 'Old Name' })).json();
    const res = await put(
      block.block_id,
      {
        block_id: block.block_id,
        template_id: templateId,
        block_name: 'New Name',
        block_order: 9,
      },
      'builder',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      block_id: block.block_id,
      block_name: 'New Name',
      block_order: 9,
    });
    expect((await getTemplate(templateId)).template_blocks[block.block_id].block_name).toBe(
      'New Name',
    );
  });

  it('refuses ids in the body that are not the block or its template, and name clashes', async () => {
    const mismatch = await put(PAGE.title, { block_id: PAGE.body, block_name: 'X' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `The body's block_id ${PAGE.body} does not match the template block in the path (${PAGE.title}); leave it out or send the same id`,
    });
    const otherTemplate = await put(PAGE.title, { template_id: templateId });
    expect(otherTemplate.statusCode).toBe(400);
    expect(otherTemplate.json().message).toBe(
      `Template block ${PAGE.title} belongs to template ${IDS.page}, not ${templateId}; rows never move to another template`,
    );
    const clash = await put(PAGE.title, { block_name: 'Summary' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'This template already has a block named "Summary"',
    });
  });

  it('answers 404, 400 and 403 on update', async () => {
    const unknown = await put(UNKNOWN_ID, { block_name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Template block ${UNKNOWN_ID} was not found`,
    });
    const malformed = await put('x-y', { block_name: 'X' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The path parameter "block_id" must be a valid uuid');
    const denied = await put(PAGE.title, { block_name: 'Hacked' }, 'nobody');
    expect(denied.statusCode).toBe(403);
    expect((await getTemplate(IDS.page)).template_blocks[PAGE.title].block_name).toBe('Title');
  });

  it('deletes a block with its fields', async () => {
    const block = (await post({ template_id: templateId, block_name: 'Doomed' })).json();
    await t.request({
      method: 'POST',
      url: '/api/templatefields/',
      payload: { block_id: block.block_id, field_name: 'Doomed' },
    });
    const denied = await t.request({
      method: 'DELETE',
      url: `/api/templateblocks/${block.block_id}`,
      as: 'nobody',
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/templateblocks/${block.block_id}`,
      as: 'builder',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', block_id: block.block_id });
    expect((await getTemplate(templateId)).template_blocks[block.block_id]).toBeUndefined();
    expect(
      await t.db
        .selectFrom('template_fields')
        .select('field_id')
        .where('block_id', '=', block.block_id)
        .execute(),
    ).toEqual([]);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/templateblocks/${block.block_id}`,
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.request({ method: 'DELETE', url: '/api/templateblocks/nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses block and field writes based on a template that changed since it was loaded', async () => {
    const loaded = await getTemplate(templateId);
    const first = await post({
      template_id: templateId,
      block_name: 'Fresh',
      updated_date: loaded.updated_date,
    });
    expect(first.statusCode).toBe(201);
    const blockId = first.json().block_id;
    const stale = await put(blockId, { block_name: 'Stale', updated_date: loaded.updated_date });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_SAVE',
      message: expect.stringMatching(/^This template was changed by admin at /),
      template: { template_id: templateId },
    });
    const field = await t.request({
      method: 'POST',
      url: '/api/templatefields/',
      payload: { block_id: blockId, field_name: 'Late', updated_date: loaded.updated_date },
    });
    expect(field.statusCode).toBe(409);
    const now = await getTemplate(templateId);
    expect(now.template_blocks[blockId]).toMatchObject({
      block_name: 'Fresh',
      template_fields: {},
    });
    const current = await put(blockId, { block_name: 'Current', updated_date: now.updated_date });
    expect(current.statusCode).toBe(200);
  });

  it('of ten template saves that loaded the same state, exactly one wins', async () => {
    const loaded = await getTemplate(templateId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request({
          method: 'PUT',
          url: `/api/templates/${templateId}`,
          payload: { template_name: `Article ${i}`, updated_date: loaded.updated_date },
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json();
    expect((await getTemplate(templateId)).template_name).toBe(winner.template_name);
  });
});
