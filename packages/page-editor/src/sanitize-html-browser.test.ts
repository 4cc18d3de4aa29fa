// @vitest-environment happy-dom
/** The page editor's DOM sanitiser and the real sanitize-html agree on core's rules. */
import { describe, expect, it } from 'vitest';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_RULES, richTextRules } from '@canopy/core';
import browserSanitize from './sanitize-html-browser';

const VALUES = [
  '<p>Welcome to <strong>Canopy Corp</strong>.</p>',
  '<h2>Title</h2><ul><li>One</li><li><em>Two</em></li></ul><ol start="3"><li>x</li></ol>',
  '<p><a href="https://example.com/a?b=1" title="t">link</a> and <a href="/about">inside</a></p>',
  '<p><a href="https://example.com" target="_blank">new tab</a></p>',
  '<blockquote><p>Quote</p></blockquote><pre><code class="language-ts">let a = 1;</code></pre>',
  '<table><tbody><tr><th colspan="2">H</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>',
  '<p><img src="/media-library/media/x.png" alt="x" width="10" height="20"></p>',
];
const HOSTILE = [
  '<p onclick="alert(1)">click</p><script>alert(1)</script>',
  '<p><a href="javascript:alert(1)">x</a><a href="//evil.example/">y</a></p>',
  '<p style="color:red"><span class="x">kept text</span></p><style>p{}</style>',
  '<img src="data:image/png;base64,AAAA"><form action="/x"><input name="q"></form>',
  '<p class="language-ts">no class here</p><!-- comment --><code class="language-js other">c</code>',
];

/** The same HTML written the DOM's way (`<img>` for sanitize-html's `<img />`). */
function dom(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

describe('the page editor sanitiser', () => {
  it.each(VALUES)('keeps an allowed value as the server does: %s', (value) => {
    expect(browserSanitize(value, RICH_TEXT_RULES)).toBe(dom(sanitizeHtml(value, RICH_TEXT_RULES)));
  });

  it.each(HOSTILE)('cleans a hostile value as the server does: %s', (value) => {
    const cleaned = browserSanitize(value, RICH_TEXT_RULES);
    expect(cleaned).toBe(dom(sanitizeHtml(value, RICH_TEXT_RULES)));
    expect(cleaned).not.toMatch(/script|onclick|javascript:|style|iframe|data:/);
  });

  it('keeps only marks and links for inline short text', () => {
    const value = '<p>One <strong>two</strong></p><h2>three</h2>';
    const rules = richTextRules('short');
    expect(browserSanitize(value, rules)).toBe(dom(sanitizeHtml(value, rules)));
  });
});
