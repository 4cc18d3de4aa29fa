/** POST, PUT (settings and reorder saves), DELETE /api/templates and PUT /api/templates/updatedinfo/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import { DIALECTS, type TestApp } from '../harness';
import { DEMO_TEMPLATE_IDS as IDS } from '../../src/seed/templates';
import {
  createTemplate,
  insertContent,
  startWithTemplates,
  templateUnder,
  UNKNOWN_ID,
  userWith,
} from './helpers';

const MOVE_NOT_ALLOWED = 'This item is not allowed to be moved to this location';

describe.each(DIALECTS)('template writes on %s', (dialect) => {
  let t: TestApp;
  /** A folder of its own for each test, so tests do not share siblings. */
  let folder: (name: string) => Promise<string>;
  beforeAll(async () => {
    t = await startWithTemplates(dialect);
    folder = async (name) =>
      (
        await createTemplate(t, {
          template_name: name,
          template_type_id: 'template-folder',
          parent_id: TEMPLATE_FOLDER_ID,
        })
      ).template_id;
  });
  afterAll(() => t.close());

  const get = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/templates/${id}` })).json();
  const put = (id: string, payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'PUT', url: `/api/templates/${id}`, payload, ...(as ? { as } : {}) });
  const post = (payload: Record<string, unknown>, as?: string) =>
    t.request({ method: 'POST', url: '/api/templates', payload, ...(as ? { as } : {}) });

  describe('POST /api/templates', () => {
    it('creates a template at sibling count + 1 with path = parent path + two-digit order', async () => {
      const parent = await folder('Landing Pages');
      const parentPath = (await get(parent)).path;
      const res = await post({
        template_name: '  Campaign Page ',
        template_type_id: 'page-template',
        parent_id: parent,
        file_layout: 'campaign',
        custom_icon_class: 'fa-flag',
        widget_template_data: { accent: 'green', sizes: [1, 2] },
        childLevelsNeeded: 2,
        allowed_content_type: 'page, content-fragment',
        allowed_template_type: '',
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        template_name: 'Campaign Page',
        template_type_id: 'page-template',
        parent_id: parent,
        template_order: 1,
        path: `${parentPath}/01`,
        lvl: 3,
        file_layout: 'campaign',
        custom_icon_class: 'fa-flag',
        widget_type: null,
        widget_template_data: { accent: 'green', sizes: [1, 2] },
        childLevelsNeeded: 2,
        allowed_content_type: 'page,content-fragment',
        template_blocks: {},
        updated_by: 'admin',
        permissions: ['Edit', 'Create', 'Delete', 'Read'],
      });
      expect(await get(created.template_id)).toMatchObject({
        template_id: created.template_id,
        template_name: 'Campaign Page',
        widget_template_data: { accent: 'green', sizes: [1, 2] },
      });
      const second = (
        await post({
          template_name: 'Event Page',
          template_type_id: 'page-template',
          parent_id: parent,
        })
      ).json();
      expect(second).toMatchObject({ template_order: 2, path: `${parentPath}/02`, lvl: 3 });
    });

    it('takes a client-made id once', async () => {
      const id = 'a1b2c3d4-0000-4000-8000-00000000c0de';
      const first = await post({
        template_id: id,
        template_name: 'Mine',
        template_type_id: 'folder-template',
        parent_id: TEMPLATE_FOLDER_ID,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().template_id).toBe(id);
      const again = await post({
        template_id: id,
        template_name: 'Mine again',
        template_type_id: 'folder-template',
        parent_id: TEMPLATE_FOLDER_ID,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'ALREADY_EXISTS',
        message: `An item with id ${id} already exists; use a new id`,
      });
    });

    it('refuses missing, unknown and wrongly typed fields', async () => {
      const base = {
        template_name: 'X',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
      };
      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { template_type_id: 'page-template', parent_id: TEMPLATE_FOLDER_ID },
          'Missing field "template_name"',
        ],
        [{ template_name: 'X', template_type_id: 'page-template' }, 'Missing field "parent_id"'],
        [{ ...base, colour: 'red' }, 'Unknown field "colour": remove it or check its spelling'],
        [
          { ...base, childLevelsNeeded: 'two' },
          'The field "childLevelsNeeded" must be a whole number',
        ],
        [{ ...base, template_name: 7 }, 'The field "template_name" must be a string'],
        [{ ...base, template_name: '' }, 'The field "template_name" must not be empty'],
        [{ ...base, parent_id: 'folder' }, 'The field "parent_id" must be a valid uuid'],
        [
          { ...base, widget_type: 'Fancy Widget' },
          'The field "widget_type" must be one of: Block Widget, Container Widget, Container Item Widget',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await post(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
      }
      const blank = await post({ ...base, template_name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('The field "template_name" must not be empty');
    });

    it('refuses an unknown parent, an unknown type, and a type the parent does not take', async () => {
      const unknownParent = await post({
        template_name: 'X',
        template_type_id: 'page-template',
        parent_id: UNKNOWN_ID,
      });
      expect(unknownParent.statusCode).toBe(404);
      expect(unknownParent.json()).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: `Parent template ${UNKNOWN_ID} was not found`,
      });

      const unknownType = await post({
        template_name: 'X',
        template_type_id: 'poster-template',
        parent_id: TEMPLATE_FOLDER_ID,
      });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json().message).toMatch(
        /^Unknown template type "poster-template"; use one of: .*page-template.*\(GET \/api\/references\/ lists them\)$/,
      );

      const notAllowed = await post({
        template_name: 'X',
        template_type_id: 'page-template',
        parent_id: WIDGET_TEMPLATES_ROOT_ID,
      });
      expect(notAllowed.statusCode).toBe(400);
      expect(notAllowed.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message:
          'A page-template cannot be created here: "Widget Templates" takes only widget-template, template-folder',
      });
    });

    it('checks the container item of a container widget', async () => {
      const widget = { template_type_id: 'widget-template', parent_id: WIDGET_TEMPLATES_ROOT_ID };
      const notAnItem = await post({
        ...widget,
        template_name: 'Bad Grid',
        widget_type: 'Container Widget',
        container_item_child_reference: IDS.quote,
      });
      expect(notAnItem.statusCode).toBe(400);
      expect(notAnItem.json()).toEqual({
        code: 'INVALID_REFERENCE',
        message: `container_item_child_reference must name a Container Item Widget template; ${IDS.quote} is "Quote", which is not one`,
      });
      const notAContainer = await post({
        ...widget,
        template_name: 'Bad Block',
        widget_type: 'Block Widget',
        container_item_child_reference: IDS.card,
      });
      expect(notAContainer.statusCode).toBe(400);
      expect(notAContainer.json().message).toBe(
        'Only a Container Widget has a container item: set widget_type to "Container Widget" or container_item_child_reference to null',
      );
      const good = await post({
        ...widget,
        template_name: 'Tile Grid',
        widget_type: 'Container Widget',
        container_item_child_reference: IDS.card,
      });
      expect(good.statusCode).toBe(201);
      expect(good.json().container_item_child_reference).toBe(IDS.card);
    });

    it('needs Create on the parent', async () => {
      const parent = await folder('Guarded');
      const denied = await post(
        { template_name: 'X', template_type_id: 'page-template', parent_id: parent },
        'nobody',
      );
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('Create permission'),
      });
      expect(
        (
          await t.db
            .selectFrom('templates')
            .select('template_id')
            .where('parent_id', '=', parent)
            .execute()
        ).length,
      ).toBe(0);

      await userWith(t, 'creator', [{ itemId: parent, permissions: ['Create'] }]);
      const allowed = await post(
        { template_name: 'Y', template_type_id: 'page-template', parent_id: parent },
        'creator',
      );
      expect(allowed.statusCode).toBe(201);
      // The creator gets all four permissions on what they made (§6).
      expect(allowed.json()).toMatchObject({
        updated_by: 'creator',
        permissions: ['Edit', 'Create', 'Delete', 'Read'],
      });
      const own = await t.request({
        method: 'DELETE',
        url: `/api/templates/${allowed.json().template_id}`,
        as: 'creator',
      });
      expect(own.statusCode).toBe(200);
    });
  });

  describe('PUT /api/templates/{template_id}', () => {
    it("saves the template's own settings and replies Success with the template", async () => {
      const parent = await folder('Editable');
      const created = await templateUnder(t, parent, 'Draft Name', 'page-template');
      const res = await put(created.template_id, {
        template_id: created.template_id,
        template_name: 'Final Name',
        file_layout: 'final',
        widget_template_data: ['a', 'b'],
        childLevelsNeeded: 3,
        allowed_template_type: 'page-template',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'Success',
        template_id: created.template_id,
        template_name: 'Final Name',
        file_layout: 'final',
        widget_template_data: ['a', 'b'],
        childLevelsNeeded: 3,
        allowed_template_type: 'page-template',
        path: created.path,
      });
      expect(await get(created.template_id)).toMatchObject({
        template_name: 'Final Name',
        widget_template_data: ['a', 'b'],
      });
    });

    it('refuses a body template_id that differs from the path, and bad fields', async () => {
      const res = await put(IDS.folder, { template_id: IDS.page, template_name: 'X' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: `The body's template_id ${IDS.page} does not match the template in the path (${IDS.folder}); leave it out or send the same id`,
      });
      const extra = await put(IDS.folder, { template_blocks: {} });
      expect(extra.json().message).toBe(
        'Unknown field "template_blocks": remove it or check its spelling',
      );
      const order = await put(IDS.folder, { template_order: 0 });
      expect(order.statusCode).toBe(400);
      expect(order.json().message).toBe('The field "template_order" must be at least 1');
      const type = await put(IDS.folder, { template_type_id: 'nonsense' });
      expect(type.statusCode).toBe(400);
      expect(type.json().message).toMatch(/^Unknown template type "nonsense"/);
      const malformed = await put('nope', { template_name: 'X' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(
        'The path parameter "template_id" must be a valid uuid',
      );
      const unknown = await put(UNKNOWN_ID, { template_name: 'X' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: `Template ${UNKNOWN_ID} was not found`,
      });
    });

    it('applies a reorder save: the new order rewrites the path of the template and its subtree', async () => {
      const parent = await folder('Reorder');
      const parentPath = (await get(parent)).path;
      const a = await templateUnder(t, parent, 'A');
      const b = await templateUnder(t, parent, 'B', 'page-template');
      const child = await templateUnder(t, a.template_id, 'A child', 'page-template');
      expect(child.path).toBe(`${parentPath}/01/01`);

      // The admin saves every sibling: B first, A second.
      const saveB = await put(b.template_id, { template_id: b.template_id, template_order: 1 });
      const saveA = await put(a.template_id, { template_id: a.template_id, template_order: 2 });
      expect(saveB.statusCode).toBe(200);
      expect(saveB.json()).toMatchObject({
        status: 'Success',
        template_order: 1,
        path: `${parentPath}/01`,
      });
      expect(saveA.json()).toMatchObject({
        status: 'Success',
        template_order: 2,
        path: `${parentPath}/02`,
      });
      expect(await get(child.template_id)).toMatchObject({ path: `${parentPath}/02/01`, lvl: 4 });
    });

    it('moves a template with its subtree to a new parent', async () => {
      const from = await folder('Move From');
      const to = await folder('Move To');
      const toPath = (await get(to)).path;
      await templateUnder(t, to, 'Already there', 'page-template');
      const moving = await templateUnder(t, from, 'Mover');
      const inner = await templateUnder(t, moving.template_id, 'Inner');
      const deepest = await templateUnder(t, inner.template_id, 'Deepest', 'page-template');

      const res = await put(moving.template_id, {
        template_id: moving.template_id,
        template_order: 2,
        parent_id: to,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'Success',
        parent_id: to,
        template_order: 2,
        path: `${toPath}/02`,
        lvl: 3,
      });
      expect(await get(inner.template_id)).toMatchObject({ path: `${toPath}/02/01`, lvl: 4 });
      expect(await get(deepest.template_id)).toMatchObject({
        parent_id: inner.template_id,
        path: `${toPath}/02/01/01`,
        lvl: 5,
      });
    });

    it('refuses a move under the template itself or its own descendant', async () => {
      const top = await folder('Cycle');
      const middle = await templateUnder(t, top, 'Middle');
      const bottom = await templateUnder(t, middle.template_id, 'Bottom');
      const message = `${MOVE_NOT_ALLOWED}: an item cannot go under itself or one of its own descendants`;
      for (const target of [top, middle.template_id, bottom.template_id]) {
        const res = await put(top, { template_id: top, template_order: 1, parent_id: target });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ code: 'MOVE_NOT_ALLOWED', message });
      }
      expect(await get(bottom.template_id)).toMatchObject({
        parent_id: middle.template_id,
        path: bottom.path,
      });
    });

    it("refuses a move to a parent whose allowed_template_type leaves the template's type out", async () => {
      const res = await put(IDS.folder, {
        template_id: IDS.folder,
        template_order: 1,
        parent_id: WIDGET_TEMPLATES_ROOT_ID,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'MOVE_NOT_ALLOWED',
        message: `${MOVE_NOT_ALLOWED}: "Widget Templates" takes only widget-template, template-folder`,
      });
      expect(await get(IDS.folder)).toMatchObject({ parent_id: TEMPLATE_FOLDER_ID });
    });

    it('keeps the fixed roots and the top level in place', async () => {
      const parent = await folder('Root Target');
      const widgetRoot = await put(WIDGET_TEMPLATES_ROOT_ID, {
        template_id: WIDGET_TEMPLATES_ROOT_ID,
        template_order: 1,
        parent_id: parent,
      });
      expect(widgetRoot.statusCode).toBe(409);
      expect(widgetRoot.json()).toEqual({
        code: 'MOVE_NOT_ALLOWED',
        message: `${MOVE_NOT_ALLOWED}: "Widget Templates" is a fixed root of the template tree`,
      });
      const top = await put(TEMPLATE_FOLDER_ID, {
        template_id: TEMPLATE_FOLDER_ID,
        template_order: 2,
      });
      expect(top.statusCode).toBe(409);
      expect(top.json().message).toBe(
        `${MOVE_NOT_ALLOWED}: items at the top level keep their place`,
      );
    });

    it('refuses a save based on a template that changed since it was loaded', async () => {
      const parent = await folder('Stale');
      const created = await templateUnder(t, parent, 'Stale One', 'page-template');
      const loaded = await get(created.template_id);
      expect(
        (
          await put(created.template_id, {
            template_name: 'First',
            updated_date: loaded.updated_date,
          })
        ).statusCode,
      ).toBe(200);
      const stale = await put(created.template_id, {
        template_name: 'Second',
        updated_date: loaded.updated_date,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'STALE_SAVE',
        message: expect.stringMatching(
          /^This template was changed by admin at .+ after you loaded it; reload it and apply your changes again$/,
        ),
        template: { template_id: created.template_id, template_name: 'First' },
      });
      expect((await get(created.template_id)).template_name).toBe('First');
    });

    it('needs Edit on the template, and Edit or Create on a new parent', async () => {
      const parent = await folder('Permissions');
      const other = await folder('Other Parent');
      const item = await templateUnder(t, parent, 'Guarded Page', 'page-template');
      const denied = await put(item.template_id, { template_name: 'Hacked' }, 'nobody');
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toContain('Edit permission');

      await userWith(t, 'mover', [{ itemId: parent, permissions: ['Edit', 'Read'] }]);
      const noTarget = await put(
        item.template_id,
        { template_id: item.template_id, template_order: 1, parent_id: other },
        'mover',
      );
      expect(noTarget.statusCode).toBe(403);
      expect(noTarget.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You need the Edit or Create permission on the new parent to move an item there',
      });
      expect(await get(item.template_id)).toMatchObject({
        parent_id: parent,
        template_name: 'Guarded Page',
      });
      const rename = await put(item.template_id, { template_name: 'Renamed' }, 'mover');
      expect(rename.statusCode).toBe(200);
      expect(rename.json().updated_by).toBe('mover');
    });
  });

  describe('DELETE /api/templates/{id}', () => {
    it('deletes a template with its blocks and fields and closes the gap among its siblings', async () => {
      const parent = await folder('Deletions');
      const parentPath = (await get(parent)).path;
      const first = await templateUnder(t, parent, 'First');
      const second = await templateUnder(t, parent, 'Second');
      const grandchild = await templateUnder(t, second.template_id, 'Grandchild', 'page-template');
      const block = (
        await t.request({
          method: 'POST',
          url: '/api/templateblocks/',
          payload: { template_id: first.template_id, block_name: 'Only' },
        })
      ).json();
      await t.request({
        method: 'POST',
        url: '/api/templatefields/',
        payload: { block_id: block.block_id, field_name: 'Only' },
      });

      const res = await t.request({ method: 'DELETE', url: `/api/templates/${first.template_id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'Success', template_id: first.template_id });
      expect(
        (await t.request({ method: 'GET', url: `/api/templates/${first.template_id}` })).statusCode,
      ).toBe(404);
      expect(
        await t.db
          .selectFrom('template_fields')
          .select('field_id')
          .where('template_id', '=', first.template_id)
          .execute(),
      ).toEqual([]);
      expect(await get(second.template_id)).toMatchObject({
        template_order: 1,
        path: `${parentPath}/01`,
      });
      expect(await get(grandchild.template_id)).toMatchObject({ path: `${parentPath}/01/01` });
      const third = await templateUnder(t, parent, 'Third', 'page-template');
      expect(third).toMatchObject({ template_order: 2, path: `${parentPath}/02` });
    });

    it('never deletes the fixed roots', async () => {
      for (const [id, name] of [
        [TEMPLATE_FOLDER_ID, 'Templates'],
        [WIDGET_TEMPLATES_ROOT_ID, 'Widget Templates'],
      ]) {
        const res = await t.request({ method: 'DELETE', url: `/api/templates/${id}` });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'FORBIDDEN',
          message: `"${name}" is a fixed root of the template tree and can never be deleted`,
        });
      }
      expect(
        (await t.request({ method: 'GET', url: `/api/templates/${TEMPLATE_FOLDER_ID}` }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses while child templates, content or a container widget depend on it', async () => {
      const parent = await folder('Busy');
      await templateUnder(t, parent, 'Kid', 'page-template');
      const withChild = await t.request({ method: 'DELETE', url: `/api/templates/${parent}` });
      expect(withChild.statusCode).toBe(409);
      expect(withChild.json()).toEqual({
        code: 'HAS_CHILDREN',
        message: '"Busy" has 1 child template; move or delete it first',
        children: 1,
      });

      const used = await templateUnder(t, TEMPLATE_FOLDER_ID, 'Used Page', 'page-template');
      await insertContent(t.db, { name: 'Home', templateId: used.template_id });
      const byContent = await t.request({
        method: 'DELETE',
        url: `/api/templates/${used.template_id}`,
      });
      expect(byContent.statusCode).toBe(409);
      expect(byContent.json()).toEqual({
        code: 'CONFLICT',
        message: `"Used Page" is used by 1 content item (such as "Home"); change or delete it first. GET /api/templates/${used.template_id}/references lists them`,
        references: 1,
      });

      const widget = await createTemplate(t, {
        template_name: 'Used Widget',
        template_type_id: 'widget-template',
        parent_id: WIDGET_TEMPLATES_ROOT_ID,
        widget_type: 'Block Widget',
      });
      await insertContent(t.db, { name: 'Landing', widgetId: widget.template_id });
      await insertContent(t.db, { name: 'Other Landing', widgetId: widget.template_id });
      const byBlocks = await t.request({
        method: 'DELETE',
        url: `/api/templates/${widget.template_id}`,
      });
      expect(byBlocks.statusCode).toBe(409);
      expect(byBlocks.json().message).toMatch(
        /^"Used Widget" is used by 2 content items \(such as "(Other )?Landing"\); change or delete them first/,
      );

      const card = await t.request({ method: 'DELETE', url: `/api/templates/${IDS.card}` });
      expect(card.statusCode).toBe(409);
      expect(card.json()).toMatchObject({
        code: 'CONFLICT',
        message: `"Card" is the container item of the widget "Card Grid"; change that widget's container_item_child_reference first`,
      });
    });

    it('answers 404, 400 and 403', async () => {
      const unknown = await t.request({ method: 'DELETE', url: `/api/templates/${UNKNOWN_ID}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: `Template ${UNKNOWN_ID} was not found`,
      });
      const malformed = await t.request({ method: 'DELETE', url: '/api/templates/zzz' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The path parameter "id" must be a valid uuid');
      const forbidden = await t.request({
        method: 'DELETE',
        url: `/api/templates/${IDS.quote}`,
        as: 'nobody',
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toContain('Delete permission');
      expect(
        (await t.request({ method: 'GET', url: `/api/templates/${IDS.quote}` })).statusCode,
      ).toBe(200);
    });
  });

  describe('PUT /api/templates/updatedinfo/{id}', () => {
    it('stamps the caller and now, and returns them', async () => {
      const before = Date.now();
      const res = await t.request({
        method: 'PUT',
        url: `/api/templates/updatedinfo/${IDS.quote}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ updated_by: 'admin', updated_date: expect.any(String) });
      expect(Date.parse(body.updated_date)).toBeGreaterThanOrEqual(before - 1000);
      expect(await get(IDS.quote)).toMatchObject(body);

      await userWith(t, 'stamper', [{ itemId: IDS.quote, permissions: ['Edit'] }]);
      const byEditor = await t.request({
        method: 'PUT',
        url: `/api/templates/updatedinfo/${IDS.quote}`,
        as: 'stamper',
      });
      expect(byEditor.json().updated_by).toBe('stamper');
    });

    it('answers 404, 400 and 403', async () => {
      expect(
        (await t.request({ method: 'PUT', url: `/api/templates/updatedinfo/${UNKNOWN_ID}` }))
          .statusCode,
      ).toBe(404);
      const malformed = await t.request({ method: 'PUT', url: '/api/templates/updatedinfo/1' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The path parameter "id" must be a valid uuid');
      const forbidden = await t.request({
        method: 'PUT',
        url: `/api/templates/updatedinfo/${IDS.page}`,
        as: 'nobody',
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });
});
