import { describe, expect, it } from 'vitest';
import { defaultRegistry, renderPage, type MicroappPlacement, type PageModel } from './index';

const NEWSLETTER: MicroappPlacement = {
  instanceId: 'i1',
  name: 'Home sign-up',
  runtime: 'module',
  moduleUrl: '/microapps/newsletter/1/newsletter.js',
  elementName: 'canopy-newsletter',
  frameUrl: null,
  frameHeight: null,
  configuration: { heading: 'Our "news"', 'button-label': 'Join' },
};
const LOANS: MicroappPlacement = {
  ...NEWSLETTER,
  instanceId: 'i3',
  name: 'Loan calculator',
  runtime: 'frame',
  moduleUrl: null,
  elementName: null,
  frameUrl: 'https://apps.example.com/loans/',
  frameHeight: 520,
};

function page(mode: PageModel['mode']): PageModel {
  const second = { ...NEWSLETTER, instanceId: 'i2' };
  return {
    site: { id: 's', name: 'Acme', basePath: '/' },
    mode,
    url: '/',
    contentId: 'c',
    name: 'Home',
    layout: 'page',
    fields: {
      'Newsletter App': {
        value: 'i1|gone',
        microapps: [
          { id: 'i1', placement: NEWSLETTER },
          { id: 'gone', placement: null },
        ],
      },
      Loans: { value: 'i3', microapps: [{ id: 'i3', placement: LOANS }] },
    },
    zones: {
      'Main Zone': [
        {
          id: 'w1',
          layout: 'newsletter-signup',
          templateName: 'Newsletter Signup',
          fields: {
            Heading: { value: 'Stay in touch' },
            'Newsletter App': { value: 'i2', microapps: [{ id: 'i2', placement: second }] },
          },
          children: [],
        },
      ],
    },
    menu: [],
    footer: null,
    stylesheet: '/_canopy/site.css',
  };
}

describe('micro-apps on a page', () => {
  it('renders each instance as its custom element with its settings as attributes', () => {
    const html = renderPage(page('delivery'), defaultRegistry());
    expect(html).toContain(
      '<canopy-newsletter class="cn-microapp" data-instance="i1" heading="Our &quot;news&quot;" button-label="Join"></canopy-newsletter>',
    );
    expect(html).toContain('data-instance="i2"');
    expect(html).toContain('<h2>Stay in touch</h2>');
  });

  it('loads a module once per page, however many instances use it', () => {
    const html = renderPage(page('delivery'), defaultRegistry());
    const scripts = html.match(
      /<script type="module" src="\/microapps\/newsletter\/1\/newsletter.js">/g,
    );
    expect(scripts).toHaveLength(1);
  });

  it('frames a page-runtime instance with its title and height', () => {
    const html = renderPage(page('delivery'), defaultRegistry());
    expect(html).toContain(
      '<iframe class="cn-microapp-frame" src="https://apps.example.com/loans/" title="Loan calculator" loading="lazy" height="520">',
    );
  });

  it('leaves a missing instance out on delivery and notes it on preview', () => {
    expect(renderPage(page('delivery'), defaultRegistry())).not.toContain('gone');
    expect(renderPage(page('preview'), defaultRegistry())).toContain(
      'Micro-app instance gone is missing (deleted or never created); delivery leaves it out.',
    );
  });
});
