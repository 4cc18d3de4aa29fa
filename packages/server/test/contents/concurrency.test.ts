/**
 * Racing writes: the stale-save rule is a compare-and-set, and a site's Page URLs stay unique
 * whichever path writes them (Save, the field-by-field calls, create), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('racing saves and Page URLs on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  const save = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/contents/${id}`, payload });
  const putField = (id: string, payload: object) =>
    t.request({ method: 'PUT', url: `/api/contentfields/${id}`, payload });
  const read = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/contents/${id}` })).json();
  const setUrl = (page: Awaited<ReturnType<typeof read>>, url: string) =>
    save(page.content_id, {
      version: page.version,
      updated_date: page.updated_date,
      content_fields: [{ field_id: fieldId(page, world.blocks.pageUrl), field_value: url }],
    });

  it('of ten saves that loaded the same state, exactly one wins and nine get STALE_SAVE', async () => {
    const page = await createPage(t, world, 'Raced');
    const titleId = fieldId(page, world.blocks.title);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(page.content_id, {
          version: 1,
          updated_date: page.updated_date,
          content_fields: [{ field_id: titleId, field_value: `Writer ${i}` }],
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = replies.find((r) => r.statusCode === 200)!.json();
    for (const loser of replies.filter((r) => r.statusCode === 409)) {
      expect(loser.json().code).toBe('STALE_SAVE');
    }
    const stored = await read(page.content_id);
    expect(stored.content_fields[world.blocks.title].field_value).toBe(
      winner.content_fields[world.blocks.title].field_value,
    );
    expect(stored.updated_date).toBe(winner.updated_date);
  });

  it('a field-by-field write bumps updated_date, and refuses a stale updated_date it carries', async () => {
    const page = await createPage(t, world, 'Stamped');
    const titleId = fieldId(page, world.blocks.title);
    const first = await putField(titleId, {
      content_id: page.content_id,
      version: 1,
      updated_date: page.updated_date,
      field_value: 'First',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().updated_date > page.updated_date).toBe(true);
    const stale = await putField(titleId, {
      content_id: page.content_id,
      version: 1,
      updated_date: page.updated_date,
      field_value: 'Second',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_SAVE');
    const staleSave = await save(page.content_id, {
      version: 1,
      updated_date: page.updated_date,
      content_fields: [{ field_id: titleId, field_value: 'Third' }],
    });
    expect(staleSave.statusCode).toBe(409);
    expect((await read(page.content_id)).content_fields[world.blocks.title].field_value).toBe(
      'First',
    );
  });

  it('PUT /api/contentfields on Page URL refuses an address another page uses, and sets the item’s address', async () => {
    const a = await createPage(t, world, 'Url Holder');
    expect((await setUrl(a, '/held')).statusCode).toBe(200);
    const b = await createPage(t, world, 'Url Taker');
    const urlField = fieldId(b, world.blocks.pageUrl);
    const clash = await putField(urlField, {
      content_id: b.content_id,
      version: 1,
      field_value: '/held',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The Page URL /held is already used by "Url Holder"; choose another',
    });

    const own = await putField(urlField, {
      content_id: b.content_id,
      version: 1,
      field_value: '/taker',
    });
    expect(own.statusCode).toBe(200);
    expect((await read(b.content_id)).page_url).toBe('/taker');
    // the item now holds /taker: a Save elsewhere cannot take it
    const c = await createPage(t, world, 'Url Third');
    const third = await setUrl(c, '/taker');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'The Page URL /taker is already used by "Url Taker"; choose another',
    );
  });

  it('of two pages saving the same new Page URL at once, one wins and one gets 409', async () => {
    const a = await createPage(t, world, 'Race A');
    const b = await createPage(t, world, 'Race B');
    const replies = await Promise.all([setUrl(a, '/contested'), setUrl(b, '/contested')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = replies.find((r) => r.statusCode === 409)!.json();
    expect(loser.code).toBe('CONFLICT');
    expect(loser.message).toMatch(
      /^The Page URL \/contested is already used by .*; choose another$/,
    );
  });

  it('the database itself refuses a second item with a site’s Page URL', async () => {
    const a = await createPage(t, world, 'Indexed');
    expect((await setUrl(a, '/indexed')).statusCode).toBe(200);
    const b = await createPage(t, world, 'Indexed Too');
    await expect(
      t.db
        .updateTable('content_items')
        .set({ page_url: '/indexed' })
        .where('content_id', '=', b.content_id)
        .execute(),
    ).rejects.toThrow();
  });
});
