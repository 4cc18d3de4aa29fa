import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createElement } from 'react';
import {
  assemblePage,
  defaultRegistry,
  renderBatch,
  renderPage,
  sampleBatch,
  sanitizeRichText,
  withPreviewBar,
  type MenuEntry,
  type PageModel,
  type StoredRows,
} from './index';

function page(overrides: Partial<PageModel> = {}): PageModel {
  return {
    site: { id: 's', name: 'Acme', basePath: '/' },
    mode: 'delivery',
    url: '/about',
    contentId: 'c',
    name: 'About',
    layout: 'page',
    fields: { Title: { value: 'About Acme' }, Body: { value: '<p>Hello</p>' } },
    zones: {
      'Main Zone': [
        {
          id: 'w1',
          layout: 'quote',
          templateName: 'Quote',
          fields: { Quote: { value: 'Q' } },
          children: [],
        },
        { id: 'w2', layout: 'carousel', templateName: 'Carousel', fields: {}, children: [] },
      ],
    },
    menu: [{ name: 'Home', url: '/', children: [{ name: 'About', url: '/about', children: [] }] }],
    footer: { heading: 'Acme Ltd', body: '<p>Footer</p>' },
    stylesheet: '/_canopy/site.css',
    ...overrides,
  };
}

/** Home above About (with Team below it) and `next`. */
const homeMenu = (next: MenuEntry): MenuEntry[] => [
  {
    name: 'Home',
    url: '/',
    children: [
      {
        name: 'About',
        url: '/about',
        children: [{ name: 'Team', url: '/about/team', children: [] }],
      },
      next,
    ],
  },
];

describe('site renderer', () => {
  it('renders fields, widgets, the menu and the footer', () => {
    const html = renderPage(page(), defaultRegistry());
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<h1>About Acme</h1>');
    expect(html).toContain('<p>Hello</p>');
    expect(html).toContain('cn-quote"><p>Q</p>');
    expect(html).toContain('<a href="/about" aria-current="page">About</a>');
    expect(html).toContain('Acme Ltd');
  });

  it('shows the breadcrumb trail to the first entry at the page URL, for pages sharing one menu', () => {
    const menu = homeMenu({
      name: 'Elsewhere',
      url: '/x',
      children: [{ name: 'Team again', url: '/about/team', children: [] }],
    });
    const registry = defaultRegistry();
    const crumbs = (url: string) => {
      const html = renderPage(page({ url, menu }), registry);
      const from = html.indexOf('class="cn-crumbs"');
      return from < 0
        ? null
        : html.slice(from, html.indexOf('</nav>', from)).replace(/<[^>]+>/g, '|');
    };
    expect(crumbs('/about/team')).toBe(
      'class="cn-crumbs" aria-label="Breadcrumb">|Home||About||Team|',
    );
    expect(crumbs('/x')).toBe('class="cn-crumbs" aria-label="Breadcrumb">|Home||Elsewhere|');
    expect(crumbs('/')).toBeNull();
    expect(crumbs('/not-in-the-menu')).toBeNull();
  });

  it('assembles and renders pages from stored rows: the made-up site uses every widget it names', () => {
    const { context, pages } = sampleBatch(3);
    const batch = renderBatch({ ...context, mode: 'preview' }, pages, defaultRegistry());
    expect(batch.ends).toHaveLength(3);
    expect(batch.html.length).toBe(batch.ends[2]);
    const first = new TextDecoder().decode(batch.html.subarray(0, batch.ends[0]));
    expect(first.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(first).toContain('Sample page 0');
    expect(first).toContain('Paragraph <strong>0</strong> of block 1.');
    expect(first).toContain('Sample Ltd');
    expect(first).not.toContain('cn-placeholder');
    expect(batch.deps[0]).toMatchObject({ menu: 'sample', 'content:sample-page-0': 'sample' });
    // Given a registry's layouts, its own widgets take their turns.
    const registry = defaultRegistry().widget('own', ({ widget }) =>
      createElement('aside', { className: 'own' }, widget.fields['Heading']?.value),
    );
    const own = sampleBatch(1, registry.widgetLayouts());
    const html = new TextDecoder().decode(renderBatch(own.context, own.pages, registry).html);
    expect(html).toContain('<aside class="own">Heading 0.');
  });

  it('writes a batch into a buffer given for reuse when it fits, else into its own', () => {
    const { context, pages } = sampleBatch(3);
    const registry = defaultRegistry();
    const own = renderBatch(context, pages, registry);
    const roomy = new ArrayBuffer(own.html.length + 100);
    new Uint8Array(roomy).fill(0x78); // what an earlier batch left there
    const reused = renderBatch(context, pages, registry, undefined, roomy);
    expect(reused.html.buffer).toBe(roomy);
    expect(reused.html.byteOffset).toBe(0);
    expect(Buffer.from(reused.html).equals(Buffer.from(own.html))).toBe(true);
    expect(reused.ends).toEqual(own.ends);
    const small = new ArrayBuffer(own.html.length - 1);
    const fresh = renderBatch(context, pages, registry, undefined, small);
    expect(fresh.html.buffer).not.toBe(small);
    expect(Buffer.from(fresh.html).equals(Buffer.from(own.html))).toBe(true);
  });

  it('writes each page of a batch as the UTF-8 of the page rendered whole, whatever its text holds', () => {
    // A site's own widget may render elements shaped like the shell's header and footer.
    const registry = defaultRegistry().widget('own', ({ widget }) =>
      createElement(
        'section',
        null,
        createElement('header', { className: 'cn-header' }, widget.fields['Heading']?.value),
        createElement('footer', { className: 'cn-footer' }, 'Fin 😀'),
      ),
    );
    const { context, pages } = sampleBatch(4, registry.widgetLayouts());
    // Text of every width in UTF-8.
    const tricky = pages.map((page, i) => ({
      ...page,
      name: `Café ${i} 中文 😀`,
      rows: (page.rows as string).replaceAll('Heading', 'Heading é 中 😀'),
    }));
    const shared = {
      ...context,
      footer: { heading: 'Ärger GmbH', body: '<p>Fußnote 😀</p>' },
      menu: context.menu.map((entry) => ({ ...entry, name: `${entry.name} ü` })),
    };
    // A buffer far too small to start with: the batch grows it as it goes.
    const batch = renderBatch(shared, tricky, registry, undefined, new ArrayBuffer(64));
    let start = 0;
    tricky.forEach((page, k) => {
      const whole = renderPage(assemblePage(shared, page).model, registry, { whole: true });
      expect(whole.match(/<footer class="cn-footer">/g)?.length).toBeGreaterThan(1);
      expect(whole.match(/<header class="cn-header">/g)?.length).toBeGreaterThan(1);
      expect(whole).toContain('Ärger GmbH');
      expect(whole).toContain('Heading é 中 😀');
      expect(new TextDecoder().decode(batch.html.subarray(start, batch.ends[k]))).toBe(whole);
      start = batch.ends[k]!;
    });
  });

  it('makes the same model from the same rows in any order (block fields come unsorted)', () => {
    const { context, pages } = sampleBatch(1);
    const page = pages[0]!;
    const [fields, regions, blocks, blockFields] = JSON.parse(page.rows as string) as StoredRows;
    const reversed: StoredRows = [fields, regions, blocks, [...blockFields].reverse()];
    const again = { ...page, rows: JSON.stringify(reversed) };
    expect(JSON.stringify(assemblePage(context, again).model)).toBe(
      JSON.stringify(assemblePage(context, page).model),
    );
  });

  it("makes the same model from block fields in any order, a block's rows together or apart", () => {
    const { context, pages } = sampleBatch(1);
    const page = pages[0]!;
    const [fields, regions, blocks, blockFields] = JSON.parse(page.rows as string) as StoredRows;
    // One block with more fields than a few (named by their ids, which no template knows).
    const many = Array.from(
      { length: 20 },
      (_, i) => [blocks[0]![0], `extra-${(i * 7) % 20}`, `value ${i}`] as StoredRows[3][number],
    );
    const rows = [...blockFields, ...many];
    const model = (order: StoredRows[3]) =>
      JSON.stringify(
        assemblePage(context, { ...page, rows: JSON.stringify([fields, regions, blocks, order]) })
          .model,
      );
    const expected = model(rows);
    expect(expected).toContain('"extra-19":{"value":"value 17"}');
    // In order of their template field's id.
    const extras = [...expected.matchAll(/"(extra-\d+)":/g)].map((match) => match[1]);
    expect(extras).toHaveLength(20);
    expect(extras).toEqual([...extras].sort());
    fc.assert(
      fc.property(
        fc.shuffledSubarray(rows, { minLength: rows.length }),
        (order) => model(order) === expected,
      ),
      { seed: 20261128, numRuns: 200 },
    );
  });

  it('makes the same model from rows given as text or as UTF-8 bytes', () => {
    const { context, pages } = sampleBatch(1);
    const page = {
      ...pages[0]!,
      rows: (pages[0]!.rows as string).replace('Sample', 'Ça marche ✓'),
    };
    const bytes = { ...page, rows: new TextEncoder().encode(page.rows) };
    const model = assemblePage(context, bytes).model;
    expect(model.fields['Title']?.value).toBe('Ça marche ✓ page 0');
    expect(JSON.stringify(model)).toBe(JSON.stringify(assemblePage(context, page).model));
  });

  it('shows a placeholder for an unknown layout on preview and nothing on delivery', () => {
    expect(renderPage(page(), defaultRegistry())).not.toContain('carousel');
    expect(renderPage(page({ mode: 'preview' }), defaultRegistry())).toContain(
      'No component is registered for the widget &quot;Carousel&quot; layout <code>carousel</code>',
    );
  });

  it('adds the preview bar to a page rendered without one, as a render with it would', () => {
    const preview = {
      label: 'what was published <to> preview',
      exitUrl: '/api/preview/exit?to=%2F',
    };
    const registry = defaultRegistry();
    const plain = renderPage(page({ mode: 'preview' }), registry);
    expect(plain).not.toContain('cn-preview-bar');
    const added = withPreviewBar(plain, preview);
    expect(added).toBe(renderPage(page({ mode: 'preview', preview }), registry));
    expect(added).toContain('what was published &lt;to&gt; preview');
    expect(() => withPreviewBar('<p>no document</p>', preview)).toThrow(/without a body/);
  });

  it('links honour the base path', () => {
    const html = renderPage(
      page({ site: { id: 's', name: 'Acme', basePath: '/preview' } }),
      defaultRegistry(),
    );
    expect(html).toContain('href="/preview/about"');
  });

  it('uses components a site registers', () => {
    const registry = defaultRegistry().widget('carousel', ({ widget }) =>
      createElement('div', { className: 'my-carousel' }, widget.templateName),
    );
    expect(renderPage(page(), registry)).toContain('<div class="my-carousel">Carousel</div>');
  });

  it('sanitises rich text', () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://e.com" target="_blank">e</a></p><img src=x onerror=alert(1)>',
      ),
    ).toBe(
      '<p>Hi <a>x</a> <a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p><img src="x" />',
    );
  });

  it('gives media-library images a srcset of WebP renditions, other images none', () => {
    const html = renderPage(
      page({
        zones: {
          'Main Zone': [
            {
              id: 'w1',
              layout: 'image-with-caption',
              templateName: 'Image With Caption',
              fields: {
                Image: { value: null, media: '/media-library/media/abc.jpg?v=tag' },
                Caption: { value: 'Team' },
              },
              children: [],
            },
            {
              id: 'w2',
              layout: 'image-with-caption',
              templateName: 'Image With Caption',
              fields: { Image: { value: '/media-library/media/logo.svg' } },
              children: [],
            },
          ],
        },
      }),
      defaultRegistry(),
    );
    expect(html).toContain(
      '<img src="/media-library/media/abc.jpg?v=tag&amp;w=1280" srcSet="/media-library/media/abc.jpg?v=tag&amp;w=320 320w, /media-library/media/abc.jpg?v=tag&amp;w=640 640w, /media-library/media/abc.jpg?v=tag&amp;w=960 960w, /media-library/media/abc.jpg?v=tag&amp;w=1280 1280w, /media-library/media/abc.jpg?v=tag&amp;w=1920 1920w, /media-library/media/abc.jpg?v=tag&amp;w=2560 2560w" sizes="(min-width: 760px) 720px, 100vw" alt="Team" loading="lazy"/>',
    );
    expect(html).toContain('<img src="/media-library/media/logo.svg" alt="" loading="lazy"/>');
  });

  it('reuses header and footer markup only where a page shows the same, byte for byte a whole render', () => {
    const registry = defaultRegistry();
    const menu = homeMenu({ name: 'News', url: '/news', children: [] });
    const footer = { heading: 'Acme Ltd', body: '<p>Footer</p>' };
    const variants: Partial<PageModel>[] = [
      { url: '/', menu, footer },
      { url: '/about', menu, footer },
      { url: '/about/team', menu, footer },
      { url: '/news', menu, footer },
      { url: '/elsewhere', menu, footer },
      { url: '/news', menu, footer: { heading: 'Other', body: null } },
      { url: '/news', menu, footer: null },
      { url: '/news', menu, footer, site: { id: 's', name: 'Acme', basePath: '/preview' } },
      { url: '/news', menu, footer, site: { id: 's', name: 'Renamed', basePath: '/' } },
    ];
    // Twice over: the second round renders from the markup the first one made.
    const reused = [...variants, ...variants].map((v) => renderPage(page(v), registry));
    const whole = [...variants, ...variants].map((v) =>
      renderPage(page(v), registry, { whole: true }),
    );
    expect(reused).toEqual(whole);
    const current = (html: string) =>
      [...html.matchAll(/<a href="([^"]*)" aria-current="page">/g)].map((m) => m[1]);
    expect(reused.slice(0, 5).map(current)).toEqual([[], ['/about'], ['/about'], ['/news'], []]);
    expect(reused[5]).toContain('<div class="cn-footer-brand">Other</div>');
    expect(reused[6]).toContain('<div class="cn-footer-brand">Acme</div>');
    expect(reused[7]).toContain('<a class="cn-brand" href="/preview/">');
    expect(reused[8]).toContain('Renamed</a>');
  });

  it('renders a sample site the same whether or not the header and footer are reused', () => {
    const registry = defaultRegistry();
    const { context, pages } = sampleBatch(40);
    for (const source of pages) {
      const { model } = assemblePage(context, source);
      expect(renderPage(model, registry)).toBe(renderPage(model, registry, { whole: true }));
    }
  });
});
