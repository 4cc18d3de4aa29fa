/**
 * Field regular expressions run in RE2: a catastrophic pattern gets its verdict (no time-out),
 * and patterns RE2 cannot run are refused when a template field is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

describe.each(DIALECTS)('field regular expressions on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let titleDefinition: string;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    titleDefinition = (
      await t.db
        .selectFrom('template_fields')
        .select('field_id')
        .where('block_id', '=', world.blocks.title)
        .executeTakeFirstOrThrow()
    ).field_id;
  });
  afterAll(() => t.close());

  const setPattern = (regex_validation: string) =>
    t.db
      .updateTable('template_fields')
      .set({ regex_validation, validation_message: 'Only the letter a' })
      .where('field_id', '=', titleDefinition)
      .execute();
  const saveTitle = async (value: string) => {
    const page = await createPage(t, world, 'Patterned');
    return t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: {
        version: 1,
        updated_date: page.updated_date,
        content_fields: [{ field_id: fieldId(page, world.blocks.title), field_value: value }],
      },
    });
  };

  it('a catastrophic pattern gets the field’s own message, not a time-out', async () => {
    await setPattern('^(a+)+$');
    const bad = await saveTitle(`${'a'.repeat(36)}!`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Title: Only the letter a');
    expect((await saveTitle('a'.repeat(36))).statusCode).toBe(200);
  });

  it('a stored pattern RE2 cannot run gives the regex error', async () => {
    await setPattern('^(a)\\1$');
    const res = await saveTitle('aa');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Title: There was an error with validation (regular expression)',
    );
  });

  it.each(['^(a)\\1$', '^a(?=b)', '(?<!x)y'])(
    'a template field with %s is refused when saved',
    async (pattern) => {
      const res = await t.request({
        method: 'PUT',
        url: `/api/templatefields/${titleDefinition}`,
        payload: { regex_validation: pattern },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid regular expression');
    },
  );
});
