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
});
