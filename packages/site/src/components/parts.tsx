/** Pieces every component may use: rich text, links, zones and the unknown-layout placeholder. */
import type { ImgHTMLAttributes, ReactNode } from 'react';
import { siteHref, type FieldValue, type PageModel, type WidgetModel } from '../model';
import type { Registry } from '../registry';
import { sanitizeRichText } from '../sanitize';
import { renditionSrcSet, renditionUrl, hasRenditions } from '@canopy/core';

export function text(fields: Record<string, FieldValue>, name: string): string | null {
  const value = fields[name]?.value;
  return value == null || value === '' ? null : value;
}

/** Image widths the layouts show, for `sizes`. */
export const IMAGE_SIZES = {
  full: '100vw',
  narrow: '(min-width: 760px) 720px, 100vw',
  card: '(min-width: 1000px) 320px, (min-width: 640px) 50vw, 100vw',
} as const;

/**
 * An image of the media library with `srcset` over its WebP renditions (the browser picks the
 * width the layout needs) and a 1280-pixel rendition as `src`; other addresses as they are.
 */
export function ResponsiveImage({
  src,
  sizes,
  ...rest
}: { src: string; sizes: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes'
>) {
  if (!hasRenditions(src)) return <img src={src} {...rest} />;
  return (
    <img src={renditionUrl(src, 1280)} srcSet={renditionSrcSet(src)} sizes={sizes} {...rest} />
  );
}

export function RichText({ html, className }: { html: string | null; className?: string }) {
  const clean = sanitizeRichText(html);
  if (!clean) return null;
  return <div className={className ?? 'cn-rich'} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function PageLink({
  page,
  url,
  className,
  children,
  newTab,
}: {
  page: PageModel;
  url: string;
  className?: string;
  children: ReactNode;
  newTab?: boolean;
}) {
  return (
    <a
      className={className}
      href={siteHref(page.site.basePath, url)}
      {...(newTab && { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {children}
    </a>
  );
}

/** Shown on preview where no component is registered for a layout; nothing on delivery. */
export function Placeholder({
  page,
  layout,
  what,
}: {
  page: PageModel;
  layout: string | null;
  what: string;
}) {
  if (page.mode !== 'preview') return null;
  return (
    <div className="cn-placeholder" role="note">
      No component is registered for the {what} layout <code>{layout ?? '(none)'}</code>
    </div>
  );
}

export function Widget({
  widget,
  page,
  registry,
}: {
  widget: WidgetModel;
  page: PageModel;
  registry: Registry;
}) {
  const Component = registry.widgetFor(widget.layout);
  if (!Component)
    return (
      <Placeholder page={page} layout={widget.layout} what={`widget "${widget.templateName}"`} />
    );
  return <Component widget={widget} page={page} registry={registry} />;
}

export function Zone({
  widgets,
  page,
  registry,
}: {
  widgets: WidgetModel[] | undefined;
  page: PageModel;
  registry: Registry;
}) {
  if (!widgets || widgets.length === 0) return null;
  return (
    <>
      {widgets.map((widget) => (
        <Widget key={widget.id} widget={widget} page={page} registry={registry} />
      ))}
    </>
  );
}
