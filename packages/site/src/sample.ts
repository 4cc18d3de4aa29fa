/**
 * A made-up site of the default theme's layouts, as stored rows: what a render thread assembles
 * and renders when it starts, so the code of a build (assembly, components, React's renderer,
 * encoding) is compiled before the first publish instead of during it.
 */
import type { BuildContext, PageSource, StoredRows } from './assemble';
import type { MenuEntry } from './model';

/** The default theme's widgets' fields; a site's own widgets get the usual few. */
const FIELDS: Record<string, string[]> = {
  'hero-banner': ['Heading', 'Text', 'Image'],
  'rich-text-block': ['Body'],
  quote: ['Quote', 'Author'],
  'call-to-action': ['Heading', 'Link Text', 'Link'],
  'image-with-caption': ['Image', 'Caption'],
  card: ['Heading', 'Text', 'Image'],
};
const USUAL_FIELDS = ['Heading', 'Text', 'Link', 'Caption', 'Image'];

const id = (kind: string, n: number) => `sample-${kind}-${n}`;

/**
 * `count` pages of a made-up site, each with a menu, a footer, fields and ten widgets taking
 * turns among `layouts` (the default theme's, unless a registry's are given).
 */
export function sampleBatch(
  count: number,
  layouts: string[] = Object.keys(FIELDS),
): { context: BuildContext; pages: PageSource[] } {
  const widgets = layouts.map(
    (layout) => [layout, layout, FIELDS[layout] ?? USUAL_FIELDS] as const,
  );
  const menu: MenuEntry[] = Array.from({ length: 6 }, (_, i) => ({
    name: `Section ${i}`,
    url: `/section-${i}`,
    children: Array.from({ length: 6 }, (_, j) => ({
      name: `Page ${i}.${j}`,
      url: `/section-${i}/page-${j}`,
      children: [],
    })),
  }));
  const templates: BuildContext['templates'] = {
    [id('template', 0)]: { name: 'Page', layout: 'page', stamp: 'sample' },
  };
  const fields: BuildContext['fields'] = {
    [id('field', 0)]: { name: 'Title', type: 'Text' },
    [id('field', 1)]: { name: 'Summary', type: 'Text' },
    [id('field', 2)]: { name: 'Body', type: 'Rich Text' },
    [id('field', 3)]: { name: 'Main Zone', type: 'Dynamic Zone' },
  };
  widgets.forEach(([layout, name, names], w) => {
    templates[id('widget', w)] = { name, layout, stamp: 'sample' };
    names.forEach((field, f) => {
      const type =
        field === 'Image' ? 'Media Library Asset' : field === 'Body' ? 'Rich Text' : 'Text';
      fields[id(`widget-${w}-field`, f)] = { name: field, type };
    });
  });
  const context: BuildContext = {
    site: { id: 'sample', name: 'Sample' },
    mode: 'delivery',
    menu,
    menuStamp: 'sample',
    footer: { heading: 'Sample Ltd', body: '<p>Sample <a href="/contact">contact</a></p>' },
    footerStamp: 'sample',
    templates,
    fields,
    links: {},
    microapps: {},
    basePath: '/',
    stylesheet: '/_canopy/site.css',
  };
  const pages = Array.from({ length: count }, (_, n): PageSource => {
    const section = n % 6;
    const blocks: [string, string, string, number][] = [];
    const blockFields: [string, string, string][] = [];
    for (let b = 0; b < 10; b++) {
      const w = b % widgets.length;
      const blockId = id(`block-${n}`, b);
      blocks.push([blockId, id('region', n), id('widget', w), b + 1]);
      widgets[w]![2].forEach((field, f) => {
        const value =
          field === 'Image'
            ? `/media-library/sample/${b}.jpg`
            : field === 'Body'
              ? `<p>Paragraph <strong>${n}</strong> of block ${b}.</p><ul><li>One</li><li>Two</li></ul>`
              : `${field} ${n}.${b}`;
        blockFields.push([blockId, id(`widget-${w}-field`, f), value]);
      });
    }
    const layout = {
      id: id('region', n),
      type: 'dynamicZone',
      blocks: blocks.map(([b]) => ({ id: b })),
    };
    return {
      url: `/section-${section}/page-${n % 6}`,
      contentId: id('page', n),
      name: `Page ${n}`,
      templateId: id('template', 0),
      stamp: 'sample',
      rows: JSON.stringify([
        [
          [id(`f-${n}`, 0), id('field', 0), `Sample page ${n}`, null],
          [id(`f-${n}`, 1), id('field', 1), `A summary of page ${n}.`, null],
          [
            id(`f-${n}`, 2),
            id('field', 2),
            `<p>Body of page ${n}, <em>with</em> rich text.</p>`,
            null,
          ],
          [id(`f-${n}`, 3), id('field', 3), null, null],
        ],
        [[id('region', n), id(`f-${n}`, 3), JSON.stringify(layout)]],
        blocks,
        blockFields,
      ] satisfies StoredRows),
    };
  });
  return { context, pages };
}
