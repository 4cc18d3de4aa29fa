/** The bench widget ('widget' layout: Heading, Text, Link, Caption) as a site's own component. */
import { createElement as h } from 'react';
import type { Registry, WidgetProps } from '@canopy/site';
import { text } from '@canopy/site';

function BenchCard({ widget }: WidgetProps) {
  return h(
    'article',
    { className: 'cn-card' },
    h(
      'div',
      { className: 'cn-card-body' },
      h('h3', null, text(widget.fields, 'Heading')),
      h('p', null, text(widget.fields, 'Text')),
      h(
        'a',
        { className: 'cn-card-link', href: text(widget.fields, 'Link') ?? '#' },
        text(widget.fields, 'Caption'),
      ),
    ),
  );
}

export default function register(registry: Registry): void {
  registry.widget('widget', BenchCard);
}
