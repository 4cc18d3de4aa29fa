/**
 * What rich text may contain: the markup the rich-text editor (Tiptap) produces and nothing
 * else. The server sanitises every Rich Text value with these rules when it is saved, and the
 * site renderer uses the same rules again when it renders, so a script, an event handler or a
 * `javascript:` link never reaches a page. The shape is `sanitize-html`'s options object.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col'];

export interface RichTextRules {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedClasses: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesByTag: Record<string, string[]>;
  allowProtocolRelative: boolean;
}

export const RICH_TEXT_RULES: Readonly<RichTextRules> = {
  allowedTags: [
    'p',
    ...HEADINGS,
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
    'img',
    ...TABLES,
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  /** Code blocks keep their language class ("language-ts"), nothing else keeps a class. */
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};
