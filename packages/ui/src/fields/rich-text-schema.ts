/**
 * The Tiptap extensions of each Rich Text mode. Their schema is core's RICH_TEXT_RULES, the
 * list the server saves with and the site renders with: what a stored value or a paste holds
 * beyond it (scripts, event handlers, `javascript:` links, styles, colours) is dropped when it
 * is loaded or pasted, and what the editor writes is never cut on save.
 */
import { Link } from '@mantine/tiptap';
import { Extension, Node, type Attributes, type Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { isAllowedImageSource, isAllowedLink, type RichTextMode } from '@canopy/core';

/** Links keep an address, target, rel and title (no class), and only allowed addresses. */
const SafeLink = Link.extend({
  addAttributes() {
    const { class: _class, ...kept }: Attributes = this.parent?.() ?? {};
    return kept;
  },
}).configure({
  openOnClick: false,
  autolink: false,
  isAllowedUri: (url) => isAllowedLink(url),
});

/** Images keep only web and relative addresses, as the allow-list does. */
const SafeImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (dom) => (isAllowedImageSource(dom.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },
});

/** Tables are written as rows and cells: no column group or inline width style. */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]];
  },
});

/** Cells keep their spans; an alignment (a style) is not read, column widths never written. */
function plainCell(cell: typeof TableCell) {
  return cell.extend({
    addAttributes() {
      const { align: _align, colwidth, ...kept }: Attributes = this.parent?.() ?? {};
      return { ...kept, colwidth: { ...colwidth, rendered: false } };
    },
  });
}

/** Inline short text: the document is one line of text with marks, no paragraph at all. */
const InlineDocument = Node.create({ name: 'doc', topNode: true, content: 'inline*' });

/** Enter (with any modifier) does nothing in inline short text (§5). */
const BlockEnter = Extension.create({
  name: 'blockEnter',
  addKeyboardShortcuts: () => ({
    Enter: () => true,
    'Shift-Enter': () => true,
    'Mod-Enter': () => true,
  }),
});

export function richTextExtensions(mode: RichTextMode): Extensions {
  if (mode === 'short') {
    return [
      StarterKit.configure({
        document: false,
        paragraph: false,
        heading: false,
        blockquote: false,
        bulletList: false,
        orderedList: false,
        listItem: false,
        listKeymap: false,
        codeBlock: false,
        hardBreak: false,
        horizontalRule: false,
        trailingNode: false,
        link: false,
      }),
      InlineDocument,
      BlockEnter,
      SafeLink,
    ];
  }
  return [
    StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4, 5, 6] } }),
    SafeLink,
    SafeImage,
    PlainTable,
    TableRow,
    plainCell(TableHeader),
    plainCell(TableCell),
  ];
}
