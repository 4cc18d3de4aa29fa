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

/**
 * The three editors of a Rich Text field (§2 Field editors): `full` (a toolbar and a 500-pixel
 * area, §9), `inline` (inline rich text: a compact editor that grows with its text) and
 * `short` (inline short text: one line, Enter blocked, no paragraphs, §5).
 */
export type RichTextMode = 'full' | 'inline' | 'short';

/**
 * What a Rich Text definition's `field_values` says to choose a mode (compared without case;
 * an empty or unknown value means the full editor).
 */
export const RICH_TEXT_MODE_VALUES: Readonly<Record<RichTextMode, string>> = {
  full: 'Full',
  inline: 'Inline Rich Text',
  short: 'Inline Short Text',
};

/** The mode a Rich Text field is edited in, from its definition's `field_values`. */
export function richTextMode(definition: { field_values?: string | null }): RichTextMode {
  const wanted = (definition.field_values ?? '').trim().toLowerCase();
  const found = (Object.keys(RICH_TEXT_MODE_VALUES) as RichTextMode[]).find(
    (mode) => RICH_TEXT_MODE_VALUES[mode].toLowerCase() === wanted,
  );
  return found ?? 'full';
}

/** Inline short text keeps only marks and links: no paragraphs, breaks or other blocks. */
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'a', 'code'];

/** The allow-list for a mode: inline short text drops every block (its text is kept). */
export function richTextRules(mode: RichTextMode): Readonly<RichTextRules> {
  if (mode !== 'short') return RICH_TEXT_RULES;
  return {
    ...RICH_TEXT_RULES,
    allowedTags: INLINE_TAGS,
    allowedAttributes: { a: RICH_TEXT_RULES.allowedAttributes.a! },
    allowedClasses: {},
  };
}

/**
 * Whether a link address may stay in rich text: a relative address, or one of the allowed
 * schemes (`javascript:`, `data:` and the like never; neither protocol-relative `//host`).
 * Control characters and spaces are ignored first, as browsers ignore them.
 */
export function isAllowedLink(href: string): boolean {
  const compact = href.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g,
    '',
  );
  if (compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return RICH_TEXT_RULES.allowedSchemes.includes(scheme[1]!.toLowerCase());
}
