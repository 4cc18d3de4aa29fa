/** POST /api/templatefields/, PUT /api/templatefields/{field_id}, DELETE /api/templatefields/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES, TEMPLATE_FOLDER_ID } from '@canopy/core';
import { DIALECTS, type TestApp } from '../harness';
import {
  DEMO_TEMPLATE_IDS as IDS,
  PAGE_BLOCK_IDS as PAGE,
  seedFieldId,
} from '../../src/seed/templates';
import { createTemplate, startWithTemplates, UNKNOWN_ID, userWith } from './helpers';

describe.each(DIALECTS)('template fields on %s', (dialect) => {
  let t: TestApp;
  let templateId: string;
  let blockId: string;
  let otherBlockId: string;
  beforeAll(async () => {
    t = await startWithTemplates(dialect);
    templateId = (
      await createTemplate(t, {
        template_name: 'Product',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
      })
    ).template_id;
    const block = (name: string) =>
      t.request({
        method: 'POST',
        url: '/api/templateblocks/',
        payload: { template_id: templateId, block_name: name },
      });
    blockId = (await block('Details')).json().block_id;
    otherBlockId = (await block('Extras')).json().block_id;
    await userWith(t, 'designer', [{ itemId: templateId, permissions: ['Edit', 'Read'] }]);
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'POST', url: '/api/templatefields/', payload, ...(as ? { as } : {}) });
  const put = (id: string, payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'PUT', url: `/api/templatefields/${id}`, payload, ...(as ? { as } : {}) });
  const getTemplate = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/templates/${id}` })).json();

  it('creates a field with every definition column, shown under its block by field_name', async () => {
    const definition = {
      field_type: 'Short Text',
      field_name: 'SKU',
      edit_in_behavior: 'Page Properties Tab',
      is_required: 1,
      regex_validation: '^[A-Z]{3}-\\d+$',
      validation_message: 'Use three capitals, a dash and digits',
      default_value: 'ABC-1',
      tool_tip: 'The stock keeping unit',
      field_values: null,
      picker_root_item: null,
      restrict_to_content_type: null,
      microapp_id: null,
      microapp_version: null,
      connect_to_doc_site: 1,
    };
    const res = await post(
      { ...definition, block_id: blockId, template_id: templateId },
      'designer',
    );
    expect(res.statusCode).toBe(201);
    const field = res.json();
    expect(field).toEqual({
      ...definition,
      field_id: expect.any(String),
      block_id: blockId,
      template_id: templateId,
      allowed_widgets: null,
      field_order: 1,
    });
    const template = await getTemplate(templateId);
    expect(template.template_blocks[blockId].template_fields.SKU).toEqual(field);
    expect(template.updated_by).toBe('designer');
  });

  it("defaults to 'Short Text' and takes every field type of §3", async () => {
    const plain = await post({ block_id: otherBlockId, field_name: 'Plain' });
    expect(plain.json()).toMatchObject({
      field_type: 'Short Text',
      is_required: 0,
      connect_to_doc_site: 0,
    });
    for (const type of FIELD_TYPES) {
      const res = await post({
        block_id: otherBlockId,
        field_name: `As ${type}`,
        field_type: type,
      });
      expect(res.statusCode, type).toBe(201);
      expect(res.json().field_type).toBe(type);
    }
  });

  it('refuses an invalid regular expression with the §5 message', async () => {
    const res = await post({
      block_id: blockId,
      field_name: 'Bad Pattern',
      regex_validation: '([a-z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid regular expression',
      field: 'regex_validation',
    });
    const update = await put(seedFieldId(PAGE.pageUrl), { regex_validation: '*oops' });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe('Please enter a valid regular expression');
  });

  it('refuses a field name its block already has, but not one another block has', async () => {
    await post({ block_id: blockId, field_name: 'Colour' });
    const clash = await post({ block_id: blockId, field_name: 'Colour' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'The block already has a field named "Colour"',
    });
    expect((await post({ block_id: otherBlockId, field_name: 'Colour' })).statusCode).toBe(201);
  });

  it('checks defaults against the type, and dynamic zones against widget templates', async () => {
    const checkbox = await post({
      block_id: blockId,
      field_name: 'On Sale',
      field_type: 'Checkbox',
      default_value: 'yes',
    });
    expect(checkbox.statusCode).toBe(400);
    expect(checkbox.json().message).toBe('A Checkbox default_value must be "true" or "false"');
    const dropdown = await post({
      block_id: blockId,
      field_name: 'Size',
      field_type: 'Dropdown',
      field_values: 'S|M|L',
      default_value: 'XL',
    });
    expect(dropdown.statusCode).toBe(400);
    expect(dropdown.json().message).toBe(
      `The default_value does not fit the Dropdown: "XL" is not one of this field's options (S, M, L)`,
    );
    const notWidget = await post({
      block_id: blockId,
      field_name: 'Zone',
      field_type: 'Dynamic Zone',
      allowed_widgets: `${IDS.quote}|${IDS.page}`,
    });
    expect(notWidget.statusCode).toBe(400);
    expect(notWidget.json()).toEqual({
      code: 'INVALID_REFERENCE',
      message: `allowed_widgets lists ${IDS.page}, which is not a widget template; list widget template ids separated by "|"`,
    });
    const malformed = await post({
      block_id: blockId,
      field_name: 'Zone',
      field_type: 'Dynamic Zone',
      allowed_widgets: 'hero,quote',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      'allowed_widgets must be widget template ids separated by "|"; "hero,quote" is not an id',
    );
    const good = await post({
      block_id: blockId,
      field_name: 'Zone',
      field_type: 'Dynamic Zone',
      allowed_widgets: `${IDS.quote}|${IDS.cardGrid}`,
    });
    expect(good.statusCode).toBe(201);
  });

  it('refuses missing, unknown and wrongly typed fields', async () => {
    const types = FIELD_TYPES.join(', ');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ field_name: 'X' }, 'Missing field "block_id"'],
      [{ block_id: blockId }, 'Missing field "field_name"'],
      [
        { block_id: blockId, field_name: 'X', colour: 1 },
        'Unknown field "colour": remove it or check its spelling',
      ],
      [
        { block_id: blockId, field_name: 'X', field_type: 'Long text' },
        `The field "field_type" must be one of: ${types}`,
      ],
      [
        { block_id: blockId, field_name: 'X', is_required: true },
        'The field "is_required" must be one of: 0, 1',
      ],
      [
        { block_id: blockId, field_name: 'X', tool_tip: 5 },
        'The field "tool_tip" must be a string',
      ],
      [{ block_id: 'blk', field_name: 'X' }, 'The field "block_id" must be a valid uuid'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('refuses an unknown block, a template_id that is not the block’s, and a caller without Edit', async () => {
    const unknown = await post({ block_id: UNKNOWN_ID, field_name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Template block ${UNKNOWN_ID} was not found`,
    });
    const wrongTemplate = await post({ block_id: blockId, template_id: IDS.page, field_name: 'X' });
    expect(wrongTemplate.statusCode).toBe(400);
    expect(wrongTemplate.json().message).toBe(
      `Template block ${blockId} belongs to template ${templateId}, not ${IDS.page}; rows never move to another template`,
    );
    const denied = await post({ block_id: PAGE.title, field_name: 'Sneaky' }, 'designer');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('Edit permission');
  });

  it('updates a definition, and moves a field between blocks of its own template only', async () => {
    const field = (
      await post({ block_id: blockId, field_name: 'Weight', field_type: 'Short Text' })
    ).json();
    const res = await put(
      field.field_id,
      {
        field_id: field.field_id,
        field_type: 'Dropdown',
        field_values: 'light|heavy',
        default_value: 'light',
        tool_tip: 'How heavy',
      },
      'designer',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      field_id: field.field_id,
      field_name: 'Weight',
      field_type: 'Dropdown',
      field_values: 'light|heavy',
      default_value: 'light',
      tool_tip: 'How heavy',
    });

    const moved = await put(field.field_id, { block_id: otherBlockId });
    expect(moved.statusCode).toBe(200);
    const template = await getTemplate(templateId);
    expect(template.template_blocks[otherBlockId].template_fields.Weight.field_id).toBe(
      field.field_id,
    );
    expect(template.template_blocks[blockId].template_fields.Weight).toBeUndefined();

    const otherTemplate = await put(field.field_id, { block_id: PAGE.title });
    expect(otherTemplate.statusCode).toBe(400);
    expect(otherTemplate.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `Template block ${PAGE.title} belongs to another template than template field ${field.field_id}; rows never move to another template`,
    });
    const wrongTemplateId = await put(field.field_id, { template_id: IDS.page });
    expect(wrongTemplateId.statusCode).toBe(400);
    expect(wrongTemplateId.json().message).toBe(
      `Template field ${field.field_id} belongs to template ${templateId}, not ${IDS.page}; rows never move to another template`,
    );
    const mismatch = await put(field.field_id, { field_id: seedFieldId(PAGE.title) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(
      `The body's field_id ${seedFieldId(PAGE.title)} does not match the template field in the path (${field.field_id}); leave it out or send the same id`,
    );
    const breaksDefault = await put(field.field_id, { field_values: 'a|b' });
    expect(breaksDefault.statusCode).toBe(400);
    expect(
      (await getTemplate(templateId)).template_blocks[otherBlockId].template_fields.Weight
        .field_values,
    ).toBe('light|heavy');
  });

  it('answers 404, 400 and 403 on update', async () => {
    const unknown = await put(UNKNOWN_ID, { tool_tip: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Template field ${UNKNOWN_ID} was not found`,
    });
    const malformed = await put('f', { tool_tip: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The path parameter "field_id" must be a valid uuid');
    const denied = await put(seedFieldId(PAGE.title), { tool_tip: 'hacked' }, 'nobody');
    expect(denied.statusCode).toBe(403);
    const sameName = await put(seedFieldId(PAGE.title), { field_name: 'Title' });
    expect(sameName.statusCode).toBe(200);
  });

  it('deletes a field', async () => {
    const field = (await post({ block_id: blockId, field_name: 'Temporary' })).json();
    const denied = await t.request({
      method: 'DELETE',
      url: `/api/templatefields/${field.field_id}`,
      as: 'nobody',
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/templatefields/${field.field_id}`,
      as: 'designer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', field_id: field.field_id });
    expect(
      (await getTemplate(templateId)).template_blocks[blockId].template_fields.Temporary,
    ).toBeUndefined();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/templatefields/${field.field_id}` }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/templatefields/0' })).statusCode).toBe(
      400,
    );
  });
});
