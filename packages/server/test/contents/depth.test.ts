/** Deeply nested bodies and zone layouts are refused with a 400 that says why, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, type World } from './fixtures';

/**
 * A zone layout `levels` deep (the zone itself is level 1), as JSON text: built as a string
 * because serialising a value this deep would exhaust the test's own stack.
 */
function nestedLayout(zoneId: string, levels: number): string {
  const open = Array.from(
    { length: levels - 1 },
    (_, i) => `{"id":"n${i + 2}","type":"container","blocks":[`,
  ).join('');
  const close = ']}'.repeat(levels - 1);
  return `{"id":"${zoneId}","type":"dynamicZone","blocks":[${open}${close}]}`;
}

describe.each(DIALECTS)('nesting limits on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  async function saveLayout(levels: number) {
    const page = await createPage(t, world, `Deep ${levels}`);
    const regionId = Object.keys(
      page.content_fields[world.blocks.zone].dynamic_content_regions,
    )[0]!;
    const body = JSON.stringify({
      version: 1,
      updated_date: page.updated_date,
      dynamic_content_regions: [{ region_id: regionId, region_value: 'LAYOUT' }],
    }).replace('"LAYOUT"', nestedLayout(regionId, levels));
    return t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
  }

  it('a zone layout nested 3,000 deep gets 400 naming the body limit', async () => {
    const res = await saveLayout(3000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'The request body nests objects and lists more than 64 levels deep; send a flatter body',
    });
  });

  it('a zone layout deeper than 20 levels gets 400 naming the layout limit; 20 is saved', async () => {
    const deep = await saveLayout(21);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('A zone layout may nest at most 20 levels deep');
    expect((await saveLayout(20)).statusCode).toBe(200);
  });

  it('the depth limit holds for every JSON body, not only saves', async () => {
    const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const res = await t.request({
      method: 'PUT',
      url: '/api/permissions/editor',
      headers: { 'content-type': 'application/json' },
      payload: `{"${world.rootId}":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The request body nests objects and lists more than 64 levels deep; send a flatter body',
    );
  });
});
