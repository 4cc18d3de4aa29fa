/**
 * GET /api/pageeditor/{id}: what the page editor needs to render a page in the browser as the
 * site does. The model it assembles from the content's rows is the one the preview target
 * renders, and delivery pages carry none of the editor's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@canopy/core';
import { assemblePage, defaultRegistry, renderPage, type SiteData } from '@canopy/site';
import { toDraft } from '@canopy/ui/draft';
import { draftRows } from '../../../page-editor/src/store';
import { loadSnapshot } from '../../src/publishing/source';
import { DIALECTS, type TestApp } from '../harness';
import { contentIdOf, DEMO_SITE_ID, publishAndWait, startDemo } from './helpers';

interface Reply {
  content_id: string;
  site_id: string;
  base_path: string;
  stylesheet: string;
  site: SiteData;
}

describe.each(DIALECTS)('page editor context (%s)', (dialect) => {
  let t: TestApp;
  let home: string;
  beforeAll(async () => {
    t = await startDemo(dialect);
    home = await contentIdOf(t, '/');
  });
  afterAll(() => t.close());

  it('answers the preview target of the page: site name, menu, templates, field names, base path', async () => {
    const reply = await t.request({ method: 'GET', url: `/api/pageeditor/${home}` });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<Reply>();
    expect(body).toMatchObject({
      content_id: home,
      site_id: DEMO_SITE_ID,
      base_path: '/preview',
      stylesheet: '/preview/_canopy/site.css',
    });
    expect(body.site.site.name).toBe('Canopy Demo');
    expect(body.site.mode).toBe('preview');
    expect(body.site.menu.map((entry) => entry.url)).toContain('/');
    expect(Object.values(body.site.templates).map((t) => t.layout)).toContain('hero-banner');
    expect(Object.values(body.site.fields).map((f) => f.name)).toContain('Main Zone');
  });

  it('gives the browser what it needs to render the page exactly as the preview target does', async () => {
    const body = (await t.request({ method: 'GET', url: `/api/pageeditor/${home}` })).json<Reply>();
    const content = (
      await t.request({ method: 'GET', url: `/api/contents/${home}` })
    ).json<Content>();
    // The rows as the page editor's store makes them from the content it loaded.
    const rows = draftRows(toDraft(content));
    const context = { ...body.site, basePath: body.base_path, stylesheet: body.stylesheet };
    const inBrowser = assemblePage(context, {
      url: '/',
      contentId: home,
      name: content.content_name,
      templateId: content.template_id,
      stamp: '',
      rows: JSON.stringify(rows),
    }).model;
    const snapshot = await loadSnapshot(t.db, DEMO_SITE_ID, 'preview');
    const [served] = await snapshot.models(['/'], '/preview', '/preview/_canopy/site.css');
    const registry = defaultRegistry();
    expect(renderPage(inBrowser, registry)).toBe(renderPage(served!.model, registry));
    expect(inBrowser.zones['Main Zone']?.length).toBeGreaterThan(0);
  });

  it('refuses an unknown item (404) and a reader without Read (403)', async () => {
    const unknown = await t.request({
      method: 'GET',
      url: '/api/pageeditor/00000000-0000-4000-8000-000000000099',
    });
    expect(unknown.statusCode).toBe(404);
    await t.tokenFor('nobody', []);
    const refused = await t.request({
      method: 'GET',
      url: `/api/pageeditor/${home}`,
      as: 'nobody',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Read/);
  });

  it('keeps delivery pages free of the page editor: no script, frame or editing attribute', async () => {
    await publishAndWait(t, 'delivery');
    for (const url of ['/', '/about', '/services']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/<script\b(?![^>]*\bsrc="\/microapps\/)/);
      expect(page.body).not.toMatch(/page-editor|data-canopy-|canopy-(zone|block|inline|drop)/);
    }
  });
});
