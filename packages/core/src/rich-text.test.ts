import { describe, expect, it } from 'vitest';
import {
  isAllowedImageSource,
  isAllowedLink,
  richTextMode,
  richTextRules,
  RICH_TEXT_RULES,
  safeLinkAttributes,
} from './rich-text';

describe('richTextMode', () => {
  it('reads the mode from the definition, full when unset or unknown', () => {
    expect(richTextMode({ field_values: null })).toBe('full');
    expect(richTextMode({ field_values: '' })).toBe('full');
    expect(richTextMode({ field_values: 'Full' })).toBe('full');
    expect(richTextMode({ field_values: 'Inline Rich Text' })).toBe('inline');
    expect(richTextMode({ field_values: ' inline short text ' })).toBe('short');
    expect(richTextMode({ field_values: 'a|b' })).toBe('full');
  });

  it('gives inline short text an allow-list without blocks', () => {
    expect(richTextRules('full')).toBe(RICH_TEXT_RULES);
    expect(richTextRules('inline')).toBe(RICH_TEXT_RULES);
    const short = richTextRules('short');
    expect(short.allowedTags).toContain('strong');
    expect(short.allowedTags).toContain('a');
    expect(short.allowedTags).not.toContain('p');
    expect(short.allowedTags).not.toContain('br');
  });
});

describe('isAllowedLink', () => {
  it.each([
    'https://example.com/',
    'http://a.b',
    'mailto:a@b.c',
    'tel:+331',
    '/about',
    '#top',
    'page?x=1',
  ])('keeps %s', (href) => expect(isAllowedLink(href)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'jav&#x09;ascript:alert(1)'.replace('&#x09;', '\u0000'),
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example/',
  ])('refuses %s', (href) => expect(isAllowedLink(href)).toBe(false));
});

describe('isAllowedImageSource', () => {
  it.each(['https://example.com/a.png', '/media-library/media/a.jpg?v=1', 'a.png'])(
    'keeps %s',
    (src) => expect(isAllowedImageSource(src)).toBe(true),
  );
  it.each([
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'mailto:a@b.c',
    '//evil.example/a.png',
  ])('refuses %s', (src) => expect(isAllowedImageSource(src)).toBe(false));
});

describe('safeLinkAttributes', () => {
  it('gives a link to a new tab noopener, once', () => {
    const bare = safeLinkAttributes({ href: '/x', target: '_blank' });
    expect(bare).toEqual({ href: '/x', target: '_blank', rel: 'noopener noreferrer' });
    expect(safeLinkAttributes(bare)).toEqual(bare);
    expect(safeLinkAttributes({ target: '_blank', rel: 'nofollow' }).rel).toBe(
      'nofollow noopener noreferrer',
    );
    expect(safeLinkAttributes({ target: '_blank', rel: 'noreferrer' }).rel).toBe(
      'noreferrer noopener',
    );
    const editor = { target: '_blank', rel: 'noopener noreferrer nofollow' };
    expect(safeLinkAttributes(editor)).toBe(editor);
    const sameTab = { href: '/x' };
    expect(safeLinkAttributes(sameTab)).toBe(sameTab);
  });
});
