import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, saveFields, type World } from './fixtures';

describe.each(DIALECTS)('content smoke on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  it('creates, saves and reads a page', async () => {
    const page = await createPage(t, world, 'About');
    expect(page).toMatchObject({
      content_name: 'About',
      version: 1,
      status_id: 'draft',
      is_locked: 1,
      locked_by: 'admin',
    });
    const saved = await saveFields(
      t,
      page,
      { [world.blocks.title]: 'Who we are' },
      { content_name: 'About Us' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content_name: 'About Us', version: 1 });
    expect(res.json().content_fields[world.blocks.title].field_value).toBe('Who we are');
    const menus = await t.request({ method: 'GET', url: '/api/menus' });
    expect(menus.statusCode).toBe(200);
    const listed = JSON.stringify(menus.json());
    expect(listed).toContain(page.content_id);
    expect(listed).toContain('About Us');
  });
});
