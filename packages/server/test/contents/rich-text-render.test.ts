/**
 * One allow-list for rich text (core's RICH_TEXT_RULES): a value the list allows is stored by
 * Save and shown on the published page unchanged; a value it does not allow is cleaned by the
 * save exactly as the site renderer cleans it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@canopy/site';
import { DIALECTS, type TestApp } from '../harness';
import { PAGE_BLOCK_IDS } from '../../src/seed/templates-ids';
import { contentIdOf, publishAndWait, stageChange, startDemo } from '../publishing/helpers';

/** Everything the editor writes, in the form the save stores it. */
const ALLOWED = [
  '<h2>Our offices</h2>',
  '<p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and ',
  '<code>code</code> text<br />with <a href="https://example.com/x" target="_blank" ',
  'rel="noopener noreferrer nofollow" title="Example">a link</a> and ',
  '<a href="/about/team">a page</a>.</p>',
  '<ul><li><p>one</p></li></ul><ol start="3" type="a"><li><p>three</p></li></ol>',
  '<blockquote><p>Quote</p></blockquote>',
  '<pre><code class="language-ts">const a = 1;</code></pre><hr />',
  '<img src="/media-library/media/photo.jpg" alt="A" title="T" width="10" height="20" />',
  '<table><tbody><tr><th colspan="2"><p>Head</p></th></tr><tr><td><p>a</p></td>',
  '<td rowspan="1"><p>b</p></td></tr></tbody></table>',
].join('');

/** What a paste from a word processor or a hostile client may hold beyond the list. */
const OUTSIDE = [
  '<p style="text-align:center" class="MsoNormal">Centred <span style="color:#ff0000">red</span> ',
  '<mark data-color="#ff0">marked</mark> H<sub>2</sub>O x<sup>2</sup> <strike>old</strike></p>',
  '<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">bad</a> ',
  '<a href="https://example.com" target="_blank" class="btn">new tab</a></p>',
  '<table style="min-width: 50px"><colgroup><col style="min-width: 25px" /></colgroup>',
  '<tbody><tr><td style="text-align: right" colwidth="120">1</td></tr></tbody></table>',
  '<img src="data:image/png;base64,AAAA" /><iframe src="https://evil.example"></iframe>',
].join('');

describe.each(DIALECTS)('Rich Text saved and rendered on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemo(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  /** Saves `value` as the Body of a page, publishes it: the stored value and the page. */
  async function saveAndPublish(pageUrl: string, value: string) {
    const id = await contentIdOf(t, pageUrl);
    const version = await stageChange(t, id, PAGE_BLOCK_IDS.body, value);
    const saved = await t.request({ method: 'GET', url: `/api/contents/${id}/${version}` });
    const stored = saved.json().content_fields[PAGE_BLOCK_IDS.body].field_value as string;
    expect((await publishAndWait(t)).status).toBe('succeeded');
    const page = await t.app.inject({ url: pageUrl });
    expect(page.statusCode).toBe(200);
    return { stored, page: page.body };
  }

  it('keeps a value the list allows unchanged through save and render', async () => {
    const { stored, page } = await saveAndPublish('/careers', ALLOWED);
    expect(stored).toBe(ALLOWED);
    expect(page).toContain(ALLOWED);
  });

  it('cleans a value outside the list the same way on save as the renderer does', async () => {
    const { stored, page } = await saveAndPublish('/about/history', OUTSIDE);
    expect(stored).toBe(sanitizeRichText(OUTSIDE));
    expect(stored).toBe(
      '<p>Centred red marked H2O x2 old</p>' +
        '<p>Hi <a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">new tab</a></p>' +
        '<table><tbody><tr><td>1</td></tr></tbody></table><img />',
    );
    expect(page).toContain(stored);
    expect(sanitizeRichText(stored)).toBe(stored);
  });
});
