/**
 * Components by file_layout: a page template's layout renders the page, a widget template's
 * layout renders the widget. A site's developers register their own beside (or instead of) the
 * default theme's.
 */
import type { ComponentType } from 'react';
import type { PageModel, WidgetModel } from './model';

export interface PageProps {
  page: PageModel;
  registry: Registry;
}

export interface WidgetProps {
  widget: WidgetModel;
  page: PageModel;
  registry: Registry;
}

export type PageComponent = ComponentType<PageProps>;
export type WidgetComponent = ComponentType<WidgetProps>;

export class Registry {
  private readonly pages = new Map<string, PageComponent>();
  private readonly widgets = new Map<string, WidgetComponent>();

  /** Registers (or replaces) the component that renders pages of a template with this layout. */
  page(layout: string, component: PageComponent): this {
    this.pages.set(layout, component);
    return this;
  }

  /** Registers (or replaces) the component that renders widgets with this layout. */
  widget(layout: string, component: WidgetComponent): this {
    this.widgets.set(layout, component);
    return this;
  }

  pageFor(layout: string | null): PageComponent | undefined {
    return layout == null ? undefined : this.pages.get(layout);
  }

  widgetFor(layout: string | null): WidgetComponent | undefined {
    return layout == null ? undefined : this.widgets.get(layout);
  }

  /** What is registered, so a build can tell when the components changed. */
  /** The widget layouts that have a component, in the order registered. */
  widgetLayouts(): string[] {
    return [...this.widgets.keys()];
  }

  describe(): string {
    return [
      ...[...this.pages.keys()].map((k) => `page:${k}`),
      ...[...this.widgets.keys()].map((k) => `widget:${k}`),
    ]
      .sort()
      .join(',');
  }
}
