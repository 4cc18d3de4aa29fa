// @vitest-environment happy-dom
/**
 * The Rich Text editor's schema is core's allow-list: what it writes (typed, loaded or pasted)
 * is never cut by the save, and everything the list allows loads into it and comes back out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { richTextRules, type RichTextMode } from '@canopy/core';
import { richTextExtensions } from './rich-text-schema';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function load(content: string, mode: RichTextMode = 'full') {
  editor = new Editor({ extensions: richTextExtensions(mode), content });
  return editor;
}

function paste(html: string, mode: RichTextMode = 'full') {
  const pasted = load('', mode);
  pasted.view.pasteHTML(html);
  return pasted.getHTML();
}

/** The elements, attributes and classes of `html` that the mode's allow-list would remove. */
function outsideRules(html: string, mode: RichTextMode = 'full'): string[] {
  const rules = richTextRules(mode);
  const template = document.createElement('template');
  template.innerHTML = html;
  const outside: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.localName;
    if (!rules.allowedTags.includes(tag)) outside.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      const kept =
        name === 'class'
          ? value
              .split(/\s+/)
              .every((one) =>
                (rules.allowedClasses[tag] ?? []).some((allowed) =>
                  allowed.endsWith('*') ? one.startsWith(allowed.slice(0, -1)) : one === allowed,
                ),
              )
          : (rules.allowedAttributes[tag] ?? []).includes(name);
      if (!kept) outside.push(`<${tag} ${name}>`);
    }
  }
  return outside;
}

/** Every element and attribute of the list, as the editor writes them. */
const EVERYTHING = [
  '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
  '<p><strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s> <code>code</code>',
  '<br><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/" ',
  'title="Example">link</a> <a target="_blank" rel="noopener noreferrer nofollow" ',
  'href="mailto:a@example.com">mail</a></p>',
  '<ul><li><p>one</p></li></ul><ol start="3" type="a"><li><p>three</p></li></ol>',
  '<blockquote><p>Quote</p></blockquote>',
  '<pre><code class="language-ts">const a = 1;</code></pre><hr>',
  '<img src="/media-library/media/photo.jpg" alt="A" title="T" width="10" height="20">',
  '<img src="https://example.com/b.png">',
  '<table><tbody><tr><th colspan="2"><p>Head</p></th></tr>',
  '<tr><td rowspan="2"><p>a</p></td><td><p>b</p></td></tr></tbody></table>',
  '<p>End</p>',
].join('');

/** A paste from a word processor, a web page or a hostile clipboard. */
const PASTED = [
  '<p style="text-align:center" class="MsoNormal">Centred <span style="color:#ff0000">red</span> ',
  '<mark data-color="#ff0">marked</mark> H<sub>2</sub>O x<sup>2</sup> <strike>old</strike> ',
  '<b>b</b> <i>i</i> <font color="red">font</font></p>',
  '<p onclick="alert(1)">Hi<script>alert(2)</script> <a href="javascript:alert(3)">bad</a> ',
  '<a href="https://example.com" class="btn" style="color:red">styled link</a></p>',
  '<table style="width: 300px"><colgroup><col width="120"><col></colgroup>',
  '<thead><tr><th align="right" style="text-align: right">H</th><th>I</th></tr></thead>',
  '<tbody><tr><td colwidth="120" style="background: red">1</td><td>2</td></tr></tbody></table>',
  '<img src="data:image/png;base64,AAAA"><img src="javascript:alert(4)"><img src="//evil.example/x.png">',
  '<embed src="https://evil.example/x.swf"><div>in a div</div>',
].join('');

describe('the Rich Text schema', () => {
  it('loads everything the allow-list holds and writes it back unchanged', () => {
    expect(outsideRules(EVERYTHING)).toEqual([]);
    expect(load(EVERYTHING).getHTML()).toBe(EVERYTHING);
  });

  it('reads what the list allows in other spellings as the same thing', () => {
    expect(load('<p><b>b</b> <i>i</i></p>').getHTML()).toBe('<p><strong>b</strong> <em>i</em></p>');
    expect(
      load('<table><thead><tr><th>H</th></tr></thead><tfoot><tr><td>F</td></tr></tfoot></table>')
        .getHTML()
        .replace(/ (col|row)span="1"/g, ''),
    ).toBe('<table><tbody><tr><th><p>H</p></th></tr><tr><td><p>F</p></td></tr></tbody></table>');
  });

  it('keeps of a paste only what the list allows, and its text', () => {
    const html = paste(PASTED);
    expect(outsideRules(html)).toEqual([]);
    expect(html).not.toMatch(/script|alert|evil|data:|style=|class=|MsoNormal|colwidth/);
    const text = document.createElement('div');
    text.innerHTML = html;
    for (const words of ['Centred red marked H2O x2 old', 'font', 'styled link', 'in a div']) {
      expect(text.textContent).toContain(words);
    }
    expect(html).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">',
    );
    expect(html).toContain('<strong>b</strong> <em>i</em>');
  });

  it('keeps of a paste into inline short text only marks and links', () => {
    const html = paste(
      '<h2>Title</h2><p>One <strong>bold</strong> <span style="color:red">red</span> <a href="/about">link</a></p>',
      'short',
    );
    expect(outsideRules(html, 'short')).toEqual([]);
    expect(html).toBe(
      'TitleOne <strong>bold</strong> red <a target="_blank" rel="noopener noreferrer nofollow" href="/about">link</a>',
    );
  });
});
