/**
 * SVG uploads. Design tools wrap the <svg> element in an XML prolog (Inkscape and Illustrator
 * write an XML declaration and a generator comment, older Illustrator a DOCTYPE with an internal
 * subset, Windows editors a byte-order mark), so the document is decoded and its prolog read
 * here before DOMPurify sees the <svg> element; a file that is not SVG is refused saying why.
 */
import { createRequire } from 'node:module';
import type * as Jsdom from 'jsdom';
import type createDOMPurify from 'dompurify';
import { fail } from '../../errors';

/** `${name}: the content of this file is not a .svg file (why)`. */
export function notSvgMessage(fileName: string, why: string): string {
  return `${fileName}: the content of this file is not a .svg file (${why})`;
}

function refuse(fileName: string, why: string): never {
  const message = notSvgMessage(fileName, why);
  fail('VALIDATION_FAILED', message, { errors: [message] });
}

const BOMS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

function byteOrderMark(bytes: Buffer) {
  return BOMS.find((bom) => bom.bytes.every((byte, i) => bytes[i] === byte));
}

/**
 * Why the first bytes of a file named .svg cannot be an SVG document, or undefined when they
 * may be one. `detected` is what `file-type` recognised in them (it reports an XML declaration
 * as `xml`).
 */
export function svgHeadProblem(head: Buffer, detected: string | undefined): string | undefined {
  if (detected !== undefined && detected !== 'xml') {
    return `its bytes are those of a .${detected} file`;
  }
  if (!byteOrderMark(head)?.encoding.startsWith('utf-16') && head.includes(0)) {
    return 'it is not text';
  }
  return undefined;
}

/** The document's text: by its byte-order mark, else the declaration's encoding, else UTF-8. */
function decode(bytes: Buffer, fileName: string): string {
  const bom = byteOrderMark(bytes);
  if (bom) return new TextDecoder(bom.encoding).decode(bytes.subarray(bom.bytes.length));
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
    bytes.toString('latin1', 0, 200),
  )?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    refuse(fileName, `it declares the encoding ${declared}, which is not supported`);
  }
}

/**
 * Where the construct opened at `from` ends (after `close`), skipping quoted text; in a
 * DOCTYPE (`subset`) also its internal subset in brackets, with the comments in it. -1: never.
 */
function endOf(text: string, from: number, close: string, subset = false): number {
  let quote: string | undefined;
  let inSubset = false;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (inSubset && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return -1;
      i = end + 2;
    } else if (subset && (char === '[' || char === ']')) {
      inSubset = char === '[';
    } else if (!inSubset && text.startsWith(close, i)) {
      return i + close.length;
    }
  }
  return -1;
}

/**
 * Where the root element starts, past the prolog: the XML declaration, comments, processing
 * instructions, a DOCTYPE and white space. A prolog construct left open is -1.
 */
function rootStart(text: string): number {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    let end: number;
    if (text.startsWith('<!--', at)) {
      end = text.indexOf('-->', at + 4);
      end = end < 0 ? -1 : end + 3;
    } else if (text.startsWith('<?', at)) {
      end = endOf(text, at + 2, '?>');
    } else if (/^<!DOCTYPE/i.test(text.slice(at, at + 9))) {
      end = endOf(text, at + 9, '>', true);
    } else {
      return at;
    }
    if (end < 0) return -1;
    at = end;
  }
}

const load = createRequire(import.meta.url);
let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** DOMPurify on a jsdom window, made with the first SVG upload (jsdom is large to load). */
function purify(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  const { JSDOM } = load('jsdom') as typeof Jsdom;
  const made = (load('dompurify') as typeof createDOMPurify)(new JSDOM('').window);
  // Only same-document references (#id) survive: no external images, fonts or scripts.
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (
      (name === 'href' || name === 'xlink:href' || name === 'src') &&
      !/^#/.test(data.attrValue)
    ) {
      data.keepAttr = false;
    }
    if (/url\(\s*['"]?(?!#)/i.test(data.attrValue)) data.keepAttr = false;
  });
  purifier = made;
  return made;
}

/**
 * An SVG without scripts, event handlers, foreign objects or external references (DOMPurify's
 * SVG profile plus the hook above), as UTF-8 with an XML declaration of its own; a 400 saying
 * why when the file is not an SVG document.
 */
export function sanitiseSvg(bytes: Buffer, fileName: string): Buffer {
  const text = decode(bytes, fileName);
  const start = rootStart(text);
  if (start < 0) {
    refuse(fileName, 'a comment, declaration or DOCTYPE before its <svg> element is never closed');
  }
  const root = /^<([^\s/>]+)/.exec(text.slice(start, start + 100))?.[1];
  if (root === undefined) refuse(fileName, 'it holds no <svg> element');
  if (root !== 'svg') refuse(fileName, `its first element is <${root}>, not <svg>`);
  const clean = purify().sanitize(text.slice(start), {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject'],
    WHOLE_DOCUMENT: false,
  });
  if (!/^\s*<svg[\s>]/.test(clean)) refuse(fileName, 'its <svg> element could not be read');
  // DOMPurify writes HTML: its one entity XML does not know is the no-break space's
  const xml = clean.replaceAll('&nbsp;', '&#160;');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`, 'utf8');
}
