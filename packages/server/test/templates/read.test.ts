/** GET /api/templates/{id}, its references and widget references, and GET /api/references/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import { DIALECTS, type TestApp } from '../harness';
import { DEMO_TEMPLATE_IDS as IDS, PAGE_BLOCK_IDS as PAGE } from '../../src/seed/templates';
import { createTemplate, insertContent, startWithTemplates, UNKNOWN_ID, userWith } from './helpers';

describe.each(DIALECTS)('template reads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithTemplates(dialect);
    await userWith(t, 'reader', [{ itemId: TEMPLATE_FOLDER_ID, permissions: ['Read'] }]);
  });
  afterAll(() => t.close());

  describe('GET /api/templates/{id}', () => {
    it('returns the template with its blocks keyed by block_id and fields keyed by field_name', async () => {
      const res = await t.request({ method: 'GET', url: `/api/templates/${IDS.page}` });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({
        template_id: IDS.page,
        template_name: 'Page',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
        path: '01/02',
        lvl: 2,
        file_layout: 'page',
        widget_type: null,
        childLevelsNeeded: 1,
        permissions: ['Edit', 'Create', 'Delete', 'Read'],
      });
      expect(Object.keys(page.template_blocks)).toHaveLength(12);
      expect(page.template_blocks[PAGE.pageUrl]).toMatchObject({
        block_id: PAGE.pageUrl,
        template_id: IDS.page,
        block_name: 'Page URL',
        block_order: 2,
      });
      expect(page.template_blocks[PAGE.pageUrl].template_fields['Page URL']).toMatchObject({
        block_id: PAGE.pageUrl,
        field_type: 'Short Text',
        field_name: 'Page URL',
        is_required: 1,
        regex_validation: '^/[a-z0-9/-]*$',
        edit_in_behavior: 'Page Properties Tab',
        connect_to_doc_site: 0,
      });
      expect(page.template_blocks[PAGE.theme].template_fields.Theme.field_values).toBe(
        'light|dark|brand',
      );
    });

    it('returns widget_template_data parsed and the container item of a container widget', async () => {
      const hero = (
        await t.request({ method: 'GET', url: `/api/templates/${IDS.heroBanner}` })
      ).json();
      expect(hero.widget_template_data).toEqual({
        heights: ['medium', 'large'],
        defaultHeight: 'large',
      });
      const grid = (
        await t.request({ method: 'GET', url: `/api/templates/${IDS.cardGrid}` })
      ).json();
      expect(grid).toMatchObject({
        widget_type: 'Container Widget',
        container_item_child_reference: IDS.card,
        parent_id: WIDGET_TEMPLATES_ROOT_ID,
      });
    });

    it('gives a reader with Read inherited from the template folder only Read', async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}`,
        as: 'reader',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().permissions).toEqual(['Read']);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await t.request({ method: 'GET', url: `/api/templates/${UNKNOWN_ID}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: `Template ${UNKNOWN_ID} was not found`,
      });
      const malformed = await t.request({ method: 'GET', url: '/api/templates/not-an-id' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The path parameter "id" must be a valid uuid',
      });
    });

    it('refuses a caller without Read, and one without a token', async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}`,
        as: 'nobody',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('Read permission'),
      });
      const anonymous = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}`,
        as: null,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/templates/{id}/widgetreferences', () => {
    it("lists the widgets the page's dynamic zone allows, sorted by name, as full templates", async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}/widgetreferences`,
      });
      expect(res.statusCode).toBe(200);
      const widgets = res.json();
      expect(widgets.map((w: { template_name: string }) => w.template_name)).toEqual([
        'Call To Action',
        'Card Grid',
        'Hero Banner',
        'Image With Caption',
        'Newsletter Signup',
        'Quote',
        'Rich Text Block',
      ]);
      const grid = widgets.find((w: { template_id: string }) => w.template_id === IDS.cardGrid);
      expect(grid).toMatchObject({
        template_name: 'Card Grid',
        widget_type: 'Container Widget',
        file_layout: 'card-grid',
        custom_icon_class: 'fa-th-large',
        container_item_child_reference: IDS.card,
      });
      expect(Object.keys(grid.template_blocks)).toHaveLength(2);
    });

    it('is empty for a template without dynamic zones', async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.folder}/widgetreferences`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('lists every widget for a zone that names none, and skips widgets that are gone', async () => {
      const open = await createTemplate(t, {
        template_name: 'Open Zone Page',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
      });
      const block = (
        await t.request({
          method: 'POST',
          url: '/api/templateblocks/',
          payload: { template_id: open.template_id, block_name: 'Zone' },
        })
      ).json();
      await t.request({
        method: 'POST',
        url: '/api/templatefields/',
        payload: { block_id: block.block_id, field_name: 'Zone', field_type: 'Dynamic Zone' },
      });
      const all = await t.request({
        method: 'GET',
        url: `/api/templates/${open.template_id}/widgetreferences`,
      });
      expect(all.json().map((w: { template_name: string }) => w.template_name)).toContain('Card');
      expect(all.json()).toHaveLength(8);

      const doomed = await createTemplate(t, {
        template_name: 'Short-lived Widget',
        template_type_id: 'widget-template',
        parent_id: WIDGET_TEMPLATES_ROOT_ID,
        widget_type: 'Block Widget',
      });
      const limited = await createTemplate(t, {
        template_name: 'Limited Page',
        template_type_id: 'page-template',
        parent_id: TEMPLATE_FOLDER_ID,
      });
      const zone = (
        await t.request({
          method: 'POST',
          url: '/api/templateblocks/',
          payload: { template_id: limited.template_id, block_name: 'Zone' },
        })
      ).json();
      const field = await t.request({
        method: 'POST',
        url: '/api/templatefields/',
        payload: {
          block_id: zone.block_id,
          field_name: 'Zone',
          field_type: 'Dynamic Zone',
          allowed_widgets: `${doomed.template_id}|${IDS.quote}`,
        },
      });
      expect(field.statusCode).toBe(201);
      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/templates/${doomed.template_id}`,
      });
      expect(deleted.statusCode).toBe(200);
      const left = await t.request({
        method: 'GET',
        url: `/api/templates/${limited.template_id}/widgetreferences`,
      });
      expect(left.json().map((w: { template_id: string }) => w.template_id)).toEqual([IDS.quote]);
    });

    it('answers 404, 400 and 403 like the template itself', async () => {
      expect(
        (await t.request({ method: 'GET', url: `/api/templates/${UNKNOWN_ID}/widgetreferences` }))
          .statusCode,
      ).toBe(404);
      const malformed = await t.request({
        method: 'GET',
        url: '/api/templates/12/widgetreferences',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The path parameter "id" must be a valid uuid');
      const forbidden = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}/widgetreferences`,
        as: 'nobody',
      });
      expect(forbidden.statusCode).toBe(403);
    });

    it('leaves out widgets the caller may not read', async () => {
      await userWith(t, 'pagereader', [
        { itemId: IDS.page, permissions: ['Read'] },
        { itemId: IDS.quote, permissions: ['Read'] },
      ]);
      const res = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.page}/widgetreferences`,
        as: 'pagereader',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((w: { template_id: string }) => w.template_id)).toEqual([IDS.quote]);
    });
  });

  describe('GET /api/templates/{id}/references', () => {
    it('lists content made from the template and content that holds it as a widget', async () => {
      const fresh = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.quote}/references`,
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual([]);

      const pageId = await insertContent(t.db, { name: 'About Us', templateId: IDS.page });
      const withQuote = await insertContent(t.db, {
        name: 'Testimonials',
        templateId: IDS.page,
        widgetId: IDS.quote,
      });
      const byPage = (
        await t.request({ method: 'GET', url: `/api/templates/${IDS.page}/references` })
      ).json();
      expect(byPage.map((r: { content_id: string }) => r.content_id).sort()).toEqual(
        [pageId, withQuote].sort(),
      );
      expect(byPage.find((r: { content_id: string }) => r.content_id === pageId)).toMatchObject({
        content_id: pageId,
        content_name: 'About Us',
        content_type_id: 'page',
        template_id: IDS.page,
        reference_type: 'template',
      });
      const byQuote = (
        await t.request({ method: 'GET', url: `/api/templates/${IDS.quote}/references` })
      ).json();
      expect(byQuote).toEqual([
        expect.objectContaining({
          content_id: withQuote,
          content_name: 'Testimonials',
          reference_type: 'widget',
        }),
      ]);
    });

    it('leaves out content the caller may not read', async () => {
      await insertContent(t.db, { name: 'Hidden', templateId: IDS.contentFragment });
      const admin = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.contentFragment}/references`,
      });
      expect(admin.json()).toHaveLength(1);
      const reader = await t.request({
        method: 'GET',
        url: `/api/templates/${IDS.contentFragment}/references`,
        as: 'reader',
      });
      expect(reader.statusCode).toBe(200);
      expect(reader.json()).toEqual([]);
    });

    it('answers 404, 400 and 403', async () => {
      const unknown = await t.request({
        method: 'GET',
        url: `/api/templates/${UNKNOWN_ID}/references`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('TEMPLATE_NOT_FOUND');
      expect(
        (await t.request({ method: 'GET', url: '/api/templates/x/references' })).statusCode,
      ).toBe(400);
      expect(
        (
          await t.request({
            method: 'GET',
            url: `/api/templates/${IDS.page}/references`,
            as: 'nobody',
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('GET /api/references/', () => {
    it('returns the template types, the media ones as {type}-template', async () => {
      const res = await t.request({ method: 'GET', url: '/api/references/', as: 'nobody' });
      expect(res.statusCode).toBe(200);
      const types = res.json().templatetypes;
      const ids = types.map((type: { template_type_id: string }) => type.template_type_id);
      for (const id of [
        'page-template',
        'content-fragment-template',
        'folder-template',
        'widget-template',
        'template-folder',
        'image-template',
        'video-template',
        'multi-stream-video-template',
        'document-template',
      ]) {
        expect(ids).toContain(id);
      }
      expect(
        types.find(
          (type: { template_type_id: string }) => type.template_type_id === 'image-template',
        ),
      ).toEqual({
        template_type_id: 'image-template',
        template_type_name: 'Image',
        content_type_id: 'image',
        icon: 'fa-image',
      });
    });

    it('needs a signed-in caller', async () => {
      const res = await t.request({ method: 'GET', url: '/api/references/', as: null });
      expect(res.statusCode).toBe(401);
    });
  });
});
