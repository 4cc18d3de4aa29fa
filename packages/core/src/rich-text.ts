/**
 * What rich text may contain: the markup the admin's rich-text editor (Tiptap, its toolbar and
 * what it keeps of pasted HTML) produces, and nothing else. This one list is used by the server
 * when a Rich Text value is saved, by the site renderer when it renders one (both pass it to
 * `sanitize-html`, so a value is cleaned the same way in both), and by the editor, whose schema
 * and link and image checks follow it. The toolbar offers no alignment, colour, highlight or
 * sub- and superscript, so no `style`, `span`, `mark`, `sub` or `sup` is kept. The shape is
 * `sanitize-html`'s options object.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

type Attributes = Record<string, string>;
/** Rewrites a kept element's attributes (`sanitize-html`'s transformTags). */
type TagTransform = (
  tagName: string,
  attribs: Attributes,
) => { tagName: string; attribs: Attributes };

export interface RichTextRules {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedClasses: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesByTag: Record<string, string[]>;
  allowProtocolRelative: boolean;
  transformTags: Record<string, TagTransform>;
}

/**
 * A link that opens a new tab cannot reach back into this one: its `rel` gains `noopener` (and
 * `noreferrer` when it had neither). A `rel` that has `noopener` already is kept as it is, so a
 * value cleaned twice does not change.
 */
export function safeLinkAttributes(attribs: Attributes): Attributes {
  if (attribs.target !== '_blank') return attribs;
  const rel = (attribs.rel ?? '').split(/\s+/).filter(Boolean);
  if (rel.includes('noopener')) return attribs;
  const added = rel.includes('noreferrer') ? ['noopener'] : ['noopener', 'noreferrer'];
  return { ...attribs, rel: [...rel, ...added].join(' ') };
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
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  /** Code blocks keep their language class ("language-ts"), nothing else keeps a class. */
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: safeLinkAttributes(attribs) }),
  },
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
 * Whether an address is relative or uses one of `schemes` (`javascript:`, `data:` and the like
 * never; neither protocol-relative `//host`). Control characters and spaces are ignored first,
 * as browsers ignore them.
 */
function isAllowedAddress(address: string, schemes: readonly string[]): boolean {
  const compact = address.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g,
    '',
  );
  if (compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return schemes.includes(scheme[1]!.toLowerCase());
}

/** Whether a link address may stay in rich text: relative, http(s), mailto or tel. */
export function isAllowedLink(href: string): boolean {
  return isAllowedAddress(href, RICH_TEXT_RULES.allowedSchemes);
}

/** Whether an image address may stay in rich text: relative (the media library's) or http(s). */
export function isAllowedImageSource(src: string): boolean {
  return isAllowedAddress(src, RICH_TEXT_RULES.allowedSchemesByTag.img!);
}
