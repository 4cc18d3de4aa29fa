/** Rich Text is sanitised on save: the editor's markup is kept, scripts and handlers are not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, fieldId, makeWorld, type World } from './fixtures';

const GOOD = [
  '<h2>Title</h2>',
  '<p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text<br />',
  'with <a href="https://example.com/x" target="_blank" rel="noopener">a link</a>.</p>',
  '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>',
  '<blockquote><p>Quote</p></blockquote>',
  '<pre><code class="language-ts">const a = 1;</code></pre><hr />',
  '<img src="https://example.com/a.png" alt="A" width="10" height="20" />',
  '<table><tbody><tr><th colspan="2">Head</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>',
].join('');

describe.each(DIALECTS)('Rich Text sanitising on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
  });
  afterAll(() => t.close());

  async function saveBody(value: string) {
    const page = await createPage(t, world, 'Rich');
    const res = await t.request({
      method: 'PUT',
      url: `/api/contents/${page.content_id}`,
      payload: {
        version: 1,
        updated_date: page.updated_date,
        content_fields: [{ field_id: fieldId(page, world.blocks.body), field_value: value }],
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    return stored.json().content_fields[world.blocks.body].field_value as string;
  }

  it('removes scripts, event handlers and javascript: links', async () => {
    const stored = await saveBody(
      '<p>Hi<script>alert(1)</script></p><img src="https://example.com/x.png" onerror="alert(2)" />' +
        '<a href="javascript:alert(3)">click</a><p onclick="alert(4)" style="color:red">x</p>' +
        '<iframe src="https://evil.example"></iframe>',
    );
    expect(stored).toBe('<p>Hi</p><img src="https://example.com/x.png" /><a>click</a><p>x</p>');
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|style/);
  });

  it('keeps the markup the rich-text editor produces', async () => {
    expect(await saveBody(GOOD)).toBe(GOOD);
  });

  it('sanitises the field-by-field calls too', async () => {
    const page = await createPage(t, world, 'Rich Part');
    const id = fieldId(page, world.blocks.body);
    const res = await t.request({
      method: 'PUT',
      url: `/api/contentfields/${id}`,
      payload: {
        content_id: page.content_id,
        version: 1,
        field_value: '<p>ok</p><script>alert(1)</script>',
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(stored.json().content_fields[world.blocks.body].field_value).toBe('<p>ok</p>');
  });

  it("sanitises a template's Rich Text default value when a new item copies it", async () => {
    const definition = await t.db
      .selectFrom('template_fields')
      .select('field_id')
      .where('block_id', '=', world.blocks.body)
      .executeTakeFirstOrThrow();
    const set = await t.request({
      method: 'PUT',
      url: `/api/templatefields/${definition.field_id}`,
      payload: {
        default_value:
          '<p>Welcome</p><img src="x.png" onerror="alert(1)" /><script>alert(2)</script>',
      },
    });
    expect(set.statusCode).toBe(200);
    const page = await createPage(t, world, 'From Default');
    expect(page.content_fields[world.blocks.body].field_value).toBe(
      '<p>Welcome</p><img src="x.png" />',
    );
    const stored = await t.request({ method: 'GET', url: `/api/contents/${page.content_id}` });
    expect(stored.json().content_fields[world.blocks.body].field_value).toBe(
      '<p>Welcome</p><img src="x.png" />',
    );
  });

  // Last: it turns the world's Body field into inline short text.
  it('keeps no paragraph or other block in inline short text (§5)', async () => {
    await t.db
      .updateTable('template_fields')
      .set({ field_values: 'Inline Short Text' })
      .where('block_id', '=', world.blocks.body)
      .execute();
    const stored = await saveBody(
      '<p>One <strong>bold</strong> <a href="/about">link</a></p><h2>Two</h2><ul><li>x</li></ul>',
    );
    expect(stored).toBe('One <strong>bold</strong> <a href="/about">link</a>Twox');
  });
});
