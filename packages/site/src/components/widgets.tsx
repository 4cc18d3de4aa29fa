/** Widgets of the default theme, one per demo widget template's file_layout. */
import { mediaSrc, type WidgetModel } from '../model';
import type { WidgetProps } from '../registry';
import { Microapps } from './microapps';
import { Editable, IMAGE_SIZES, PageLink, ResponsiveImage, RichText, text, Widget } from './parts';

const media = (widget: WidgetModel, name: string) =>
  mediaSrc(widget.fields[name]?.media ?? widget.fields[name]?.value);

export function HeroBanner({ widget, page }: WidgetProps) {
  const image = media(widget, 'Background Image');
  const link = widget.fields['Link']?.link;
  return (
    <section className={`cn-hero${image ? ' cn-hero-image' : ''}`}>
      {image && (
        <ResponsiveImage className="cn-hero-bg" src={image} sizes={IMAGE_SIZES.full} alt="" />
      )}
      <div className="cn-wrap cn-hero-inner">
        <Editable of={widget} name="Heading" as="h1" />
        {text(widget.fields, 'Subheading') && (
          <Editable of={widget} name="Subheading" as="p" className="cn-lead" />
        )}
        {link && (
          <PageLink page={page} url={link.url} className="cn-button cn-button-primary">
            {link.name}
          </PageLink>
        )}
      </div>
    </section>
  );
}

export function RichTextBlock({ widget }: WidgetProps) {
  return (
    <section className="cn-section">
      <div className="cn-wrap cn-narrow">
        {text(widget.fields, 'Heading') && <Editable of={widget} name="Heading" as="h2" />}
        <RichText field={{ of: widget, name: 'Body' }} />
      </div>
    </section>
  );
}

export function CallToAction({ widget, page }: WidgetProps) {
  const link = widget.fields['Link']?.link;
  const style = text(widget.fields, 'Style') ?? 'primary';
  const label = text(widget.fields, 'Label') ?? link?.name;
  if (!link || !label) return null;
  return (
    <section className="cn-section cn-cta">
      <div className="cn-wrap">
        <PageLink
          page={page}
          url={link.url}
          className={`cn-button cn-button-${style}`}
          newTab={text(widget.fields, 'Open In New Tab') === 'true'}
        >
          {label}
        </PageLink>
      </div>
    </section>
  );
}

export function ImageWithCaption({ widget }: WidgetProps) {
  const image = media(widget, 'Image');
  const caption = text(widget.fields, 'Caption');
  if (!image) return null;
  return (
    <section className="cn-section">
      <figure className="cn-wrap cn-narrow cn-figure">
        <ResponsiveImage
          src={image}
          sizes={IMAGE_SIZES.narrow}
          alt={caption ?? ''}
          loading="lazy"
        />
        {caption && <Editable of={widget} name="Caption" as="figcaption" />}
      </figure>
    </section>
  );
}

export function Quote({ widget }: WidgetProps) {
  return (
    <section className="cn-section cn-quote-band">
      <blockquote className="cn-wrap cn-narrow cn-quote">
        <Editable of={widget} name="Quote" as="p" />
        {text(widget.fields, 'Attribution') && (
          <Editable of={widget} name="Attribution" as="footer" />
        )}
      </blockquote>
    </section>
  );
}

export function CardGrid({ widget, page, registry }: WidgetProps) {
  const columns = text(widget.fields, 'Columns') ?? '3';
  return (
    <section className="cn-section cn-band">
      <div className="cn-wrap">
        {text(widget.fields, 'Heading') && <Editable of={widget} name="Heading" as="h2" />}
        <div className={`cn-grid cn-grid-${columns}`}>
          {widget.children.map((child) => (
            <Widget key={child.id} widget={child} page={page} registry={registry} />
          ))}
        </div>
      </div>
    </section>
  );
}

export function Card({ widget, page }: WidgetProps) {
  const image = media(widget, 'Image');
  const link = widget.fields['Link']?.link;
  return (
    <article className="cn-card">
      {image && <ResponsiveImage src={image} sizes={IMAGE_SIZES.card} alt="" loading="lazy" />}
      <div className="cn-card-body">
        <Editable of={widget} name="Title" as="h3" />
        {text(widget.fields, 'Text') && <Editable of={widget} name="Text" as="p" />}
        {link && (
          <PageLink page={page} url={link.url} className="cn-card-link">
            {link.name} <span aria-hidden="true">→</span>
          </PageLink>
        )}
      </div>
    </article>
  );
}

export function NewsletterSignup({ widget, page }: WidgetProps) {
  const app = widget.fields['Newsletter App'];
  const placed = (app?.microapps ?? []).some(({ placement }) => placement !== null);
  if (!placed && page.mode === 'delivery') return null;
  return (
    <section className="cn-section cn-newsletter">
      <div className="cn-wrap cn-newsletter-inner">
        {text(widget.fields, 'Heading') && <Editable of={widget} name="Heading" as="h2" />}
        <Microapps page={page} field={app} />
      </div>
    </section>
  );
}
