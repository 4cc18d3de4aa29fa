/**
 * `sanitize-html` for the browser, over the DOM's own parser: the page editor's bundle takes this
 * in its place (vite.config.ts), because the real one brings a CSS parser that would make the
 * editor's JavaScript a fifth larger. It follows the options core's RICH_TEXT_RULES use (allowed
 * tags, attributes, classes, schemes per tag, protocol-relative addresses, tag transforms); the
 * editor only shows rich text with it, and the server sanitises with the real one on save and
 * render. A test feeds both the same values.
 */
import type { IOptions, Attributes } from 'sanitize-html';

/** Tags whose content goes with them (sanitize-html's `nonTextTags`). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'noscript']);

function classAllowed(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

function addressAllowed(value: string, tag: string, options: IOptions): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0\ufeff]/g, '');
  if (compact.startsWith('//')) return options.allowProtocolRelative !== false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  const byTag = options.allowedSchemesByTag as Record<string, string[]> | undefined;
  const schemes = byTag?.[tag] ?? ((options.allowedSchemes || []) as string[]);
  return schemes.includes(scheme[1]!.toLowerCase());
}

function cleanAttributes(element: Element, tag: string, options: IOptions): Attributes {
  const allowed = options.allowedAttributes === false ? null : options.allowedAttributes?.[tag];
  const classes = (options.allowedClasses?.[tag] ?? []) as string[];
  const kept: Attributes = {};
  for (const { name, value } of [...element.attributes]) {
    if (name === 'class') {
      const names = value.split(/\s+/).filter((c) => c && classAllowed(c, classes));
      if (names.length > 0) kept.class = names.join(' ');
      continue;
    }
    if (!(allowed as string[] | undefined)?.includes(name)) continue;
    if ((name === 'href' || name === 'src') && !addressAllowed(value, tag, options)) continue;
    kept[name] = value;
  }
  return kept;
}

function clean(parent: Node, options: IOptions, document: Document): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === 8) {
      child.remove(); // comments
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    let tag = element.tagName.toLowerCase();
    let attributes = cleanAttributes(element, tag, options);
    const transform = options.transformTags?.[tag];
    if (typeof transform === 'function') {
      const made = transform(tag, attributes);
      tag = made.tagName;
      attributes = made.attribs;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      element.remove();
      continue;
    }
    clean(element, options, document);
    if (!((options.allowedTags as string[] | false | undefined) || []).includes(tag)) {
      element.replaceWith(...element.childNodes); // the tag goes, its text stays
      continue;
    }
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    made.append(...element.childNodes);
    element.replaceWith(made);
  }
}

export default function sanitizeHtml(html: string, options: IOptions = {}): string {
  const document = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html');
  clean(document.body, options, document);
  return document.body.innerHTML;
}
