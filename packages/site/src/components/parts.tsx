/** Pieces every component may use: rich text, links, zones and the unknown-layout placeholder. */
import type { ElementType, ImgHTMLAttributes, ReactNode } from 'react';
import { siteHref, type FieldValue, type PageModel, type WidgetModel } from '../model';
import { ownerOf, useEditingSurface, useWidget } from '../editing';
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

/** A field of a widget or of the page, by name: what `Editable` and `RichText` show. */
export interface FieldRef {
  of: WidgetModel | PageModel;
  name: string;
}

/**
 * Rich text, sanitised. Given `field` (and no `html`), it shows that field and the page editor
 * edits it where it stands.
 */
export function RichText({
  html,
  field,
  className,
}: {
  html?: string | null;
  field?: FieldRef;
  className?: string;
}) {
  const surface = useEditingSurface();
  const value = html !== undefined ? html : field ? text(field.of.fields, field.name) : null;
  if (surface && field)
    return (
      <surface.Text
        owner={ownerOf(field.of)}
        name={field.name}
        value={value}
        as="div"
        className={className ?? 'cn-rich'}
        rich
      />
    );
  const clean = sanitizeRichText(value);
  if (!clean) return null;
  return <div className={className ?? 'cn-rich'} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * A short text field of a widget or of the page in an element of its own (`<h1>`, `<p>`...),
 * edited where it stands in the page editor.
 */
export function Editable({
  of,
  name,
  as: Tag,
  className,
  fallback,
}: FieldRef & { as: ElementType; className?: string; fallback?: string | null }) {
  const surface = useEditingSurface();
  const value = text(of.fields, name) ?? fallback ?? null;
  if (surface)
    return (
      <surface.Text
        owner={ownerOf(of)}
        name={name}
        value={value}
        as={Tag}
        className={className}
        rich={false}
      />
    );
  return <Tag className={className}>{value}</Tag>;
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

/** A widget by its layout's component; in the page editor, framed and with its newest fields. */
export function Widget({
  widget: given,
  page,
  registry,
}: {
  widget: WidgetModel;
  page: PageModel;
  registry: Registry;
}) {
  const surface = useEditingSurface();
  const widget = useWidget(given);
  const Component = registry.widgetFor(widget.layout);
  const body = Component ? (
    <Component widget={widget} page={page} registry={registry} />
  ) : (
    <Placeholder page={page} layout={widget.layout} what={`widget "${widget.templateName}"`} />
  );
  return surface ? <surface.Block widget={widget}>{body}</surface.Block> : body;
}

/**
 * The widgets of a dynamic zone. A layout that shows a zone in several places passes its `name`
 * and, for each segment, the index of its first widget (`start`), so the page editor can frame
 * the zone and place drops where the widgets really are.
 */
export function Zone({
  widgets,
  page,
  registry,
  name,
  start = 0,
}: {
  widgets: WidgetModel[] | undefined;
  page: PageModel;
  registry: Registry;
  name?: string;
  start?: number;
}) {
  const surface = useEditingSurface();
  const render = (widget: WidgetModel) => (
    <Widget key={widget.id} widget={widget} page={page} registry={registry} />
  );
  if (surface && name)
    return <surface.Zone name={name} start={start} widgets={widgets ?? []} render={render} />;
  if (!widgets || widgets.length === 0) return null;
  return <>{widgets.map(render)}</>;
}
