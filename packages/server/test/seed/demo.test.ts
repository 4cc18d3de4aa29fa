import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_TYPES,
  MEDIA_LIBRARY_ROOT_ID,
  TEMPLATE_FOLDER_ID,
  WIDGET_TEMPLATES_ROOT_ID,
  type MenuItem,
} from '@canopy/core';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { seedIfEmpty } from '../../src/seed/index';
import { DEMO_HOME_ID, DEMO_SITE_ID } from '../../src/seed/content';
import { DEMO_TEMPLATES } from '../../src/seed/templates-ids';

describe.each(DIALECTS)('the demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
    expect(await seedIfEmpty(t.db)).toEqual({ siteName: 'Canopy Demo' });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('seeds only once', async () => {
    expect(await seedIfEmpty(t.db)).toBeNull();
  });

  it('has a site of at least 10 pages in a 3-level tree, each with a Page URL', async () => {
    const urls = await get(`/api/latestpublishable/pageurls?site_id=${DEMO_SITE_ID}`);
    expect(urls.length).toBeGreaterThanOrEqual(10);
    const home = await get(`/api/menus/contents/${DEMO_HOME_ID}?level=5`);
    const depth = (item: MenuItem): number => 1 + Math.max(0, ...item.children.map(depth));
    expect(depth(home)).toBeGreaterThanOrEqual(3);
    const pages: MenuItem[] = [];
    const walk = (item: MenuItem) => {
      if (item.content_type_id === 'page') pages.push(item);
      item.children.forEach(walk);
    };
    walk(home);
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const page of pages) expect(page.page_url).toMatch(/^\//);
  });

  it('has the fixed roots, a content fragment and versions in all three statuses', async () => {
    const menus: MenuItem[] = await get('/api/menus');
    const ids = menus.map((m) => m.content_id);
    expect(ids).toEqual(
      expect.arrayContaining([DEMO_HOME_ID, MEDIA_LIBRARY_ROOT_ID, TEMPLATE_FOLDER_ID]),
    );
    const templates = menus.find((m) => m.content_id === TEMPLATE_FOLDER_ID)!;
    expect(templates.children.map((c) => c.content_id)).toContain(WIDGET_TEMPLATES_ROOT_ID);
    const fragments = await get('/api/contents/list/content-fragment');
    expect(fragments.length).toBeGreaterThanOrEqual(1);
    const statuses = await t.db
      .selectFrom('content_versions')
      .select('status_id')
      .distinct()
      .execute();
    expect(statuses.map((s) => s.status_id).sort()).toEqual(['draft', 'published', 'staged']);
  });

  it('uses every field type, has at least 6 widget templates including containers, and a published home page', async () => {
    const types = await t.db
      .selectFrom('template_fields')
      .select('field_type')
      .distinct()
      .execute();
    expect(types.map((r) => r.field_type).sort()).toEqual([...FIELD_TYPES].sort());
    const widgets = await t.db
      .selectFrom('templates')
      .select('widget_type')
      .where('template_type_id', '=', 'widget-template')
      .execute();
    expect(widgets.length).toBeGreaterThanOrEqual(6);
    expect(widgets.map((w) => w.widget_type)).toEqual(
      expect.arrayContaining(['Container Widget', 'Container Item Widget']),
    );
    const home = await get(`/api/contents?site_id=${DEMO_SITE_ID}&page_url=/`);
    const zone = Object.values(
      home.content_fields['7e000000-0000-4000-8000-000000101012'].dynamic_content_regions,
    )[0] as { content_blocks: object };
    expect(Object.keys(zone.content_blocks)).toHaveLength(5);
    const layouts = Object.values(zone.content_blocks).map((block) => block.file_layout);
    expect(layouts.sort()).toEqual(['card', 'card', 'card-grid', 'hero-banner', 'rich-text-block']);
  });

  it('has users admin, editor and author with roles', async () => {
    const users = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.user_id')
      .select(['username', 'role_id'])
      .execute();
    const rolesOf = (username: string) =>
      users
        .filter((u) => u.username === username && !u.role_id.startsWith('user:'))
        .map((u) => u.role_id)
        .sort();
    expect(rolesOf('admin')).toEqual(['administrator']);
    // The demo editor also creates micro-app instances (PORTAL-EDITOR).
    expect(rolesOf('editor')).toEqual(['editor', 'portal-editor']);
    expect(rolesOf('author')).toEqual(['author']);
  });

  describe('access of the demo users', () => {
    const call = (
      as: string,
      method: 'GET' | 'PUT' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.request({ method, url, as, payload });
    const menusOf = async (as: string) => {
      const res = await call(as, 'GET', '/api/menus');
      expect(res.statusCode).toBe(200);
      return res.json() as MenuItem[];
    };
    const namesUnder = (item: MenuItem): string[] =>
      item.children.flatMap((child) => [child.content_name, ...namesUnder(child)]);
    const pageUrls = async (as: string) => {
      const res = await call(as, 'GET', `/api/latestpublishable/pageurls?site_id=${DEMO_SITE_ID}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { content_id: string; page_url: string }[];
    };
    /** The id of a demo page by name (Contact is a draft: it has no publishable URL yet). */
    const pageId = async (name: string) => {
      const home: MenuItem = await get(`/api/menus/contents/${DEMO_HOME_ID}?level=5`);
      const find = (item: MenuItem): MenuItem | undefined =>
        item.content_name === name ? item : item.children.map(find).find(Boolean);
      return find(home)!.content_id;
    };

    /** Renames a version of a page as `as`: loads it, then saves with the loaded updated_date. */
    const rename = async (as: string, id: string, version: number, content_name: string) => {
      const loaded = await call(as, 'GET', `/api/contents/${id}/${version}`);
      expect(loaded.statusCode).toBe(200);
      const { updated_date } = loaded.json();
      return call(as, 'PUT', `/api/contents/${id}`, { version, updated_date, content_name });
    };

    it('shows the editor the demo tree, with every permission on the site and the media library', async () => {
      const menus = await menusOf('editor');
      const home = menus.find((m) => m.content_id === DEMO_HOME_ID)!;
      expect(namesUnder(home)).toEqual(
        expect.arrayContaining(['About', 'Team', 'Services', 'Support Plans', 'Contact']),
      );
      const media = menus.find((m) => m.content_id === MEDIA_LIBRARY_ROOT_ID)!;
      for (const root of [home, media])
        expect([...root.permissions].sort()).toEqual(['Create', 'Delete', 'Edit', 'Read']);
      const templates = menus.find((m) => m.content_id === TEMPLATE_FOLDER_ID)!;
      expect(templates.permissions).toEqual(['Read']);
    });

    it('lets the editor lock and save a page, and add and delete items in the site and the media library', async () => {
      const contact = await pageId('Contact');
      expect((await call('editor', 'PUT', `/api/lockcontents/${contact}`)).statusCode).toBe(200);
      const saved = await rename('editor', contact, 1, 'Contact us');
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ status: 'Success', content_name: 'Contact us' });
      await call('editor', 'PUT', `/api/unlockcontents/${contact}`);
      for (const [parent_id, template_id] of [
        [DEMO_HOME_ID, DEMO_TEMPLATES.templates.page],
        [MEDIA_LIBRARY_ROOT_ID, DEMO_TEMPLATES.templates.folder],
      ]) {
        const created = await call('editor', 'POST', '/api/contents', {
          parent_id,
          template_id,
          content_name: 'Editor Item',
        });
        expect(created.statusCode).toBe(201);
        const removed = await call(
          'editor',
          'DELETE',
          `/api/contents/${created.json().content_id}`,
        );
        expect(removed.statusCode).toBe(200);
      }
    });

    it('lets the author read every page and the other roots', async () => {
      expect((await pageUrls('author')).length).toBe((await pageUrls('admin')).length);
      const menus = await menusOf('author');
      expect(menus.map((m) => m.content_id)).toEqual(
        expect.arrayContaining([DEMO_HOME_ID, MEDIA_LIBRARY_ROOT_ID, TEMPLATE_FOLDER_ID]),
      );
      const home = menus.find((m) => m.content_id === DEMO_HOME_ID)!;
      const adminHome = (await menusOf('admin')).find((m) => m.content_id === DEMO_HOME_ID)!;
      expect(namesUnder(home).sort()).toEqual(namesUnder(adminHome).sort());
      const page = await call('author', 'GET', `/api/contents/${await pageId('Team')}`);
      expect(page.statusCode).toBe(200);
    });

    it('refuses the author edits outside the Services section and allows them inside it', async () => {
      const careers = await pageId('Careers');
      expect((await call('author', 'PUT', `/api/lockcontents/${careers}`)).statusCode).toBe(403);
      const refused = await rename('author', careers, 1, 'Not mine');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You need the Edit permission on this item to do that');

      const consulting = await pageId('Consulting');
      const draft = await call('author', 'POST', '/api/contents/draft', {
        content_id: consulting,
        copied_from: 1,
        is_locked: 1,
      });
      expect(draft.statusCode).toBe(201);
      expect((await call('author', 'PUT', `/api/lockcontents/${consulting}`)).statusCode).toBe(200);
      const saved = await rename(
        'author',
        consulting,
        draft.json().version,
        'Consulting and delivery',
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        status: 'Success',
        content_name: 'Consulting and delivery',
      });
    });
  });
});
