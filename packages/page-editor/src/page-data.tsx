/**
 * What a page of the page editor needs before it can show: the version, the editing context
 * (site, base path, stylesheet), the item's template and every widget template its zones and
 * blocks use. `PageGate` shows the loader, the error or the "not a page" note until then.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Center, Loader } from '@mantine/core';
import type { Content, Template } from '@canopy/core';
import { contentVersionQuery, templateQuery, widgetReferencesQuery } from '@canopy/ui';
import { themeClass, type PageModel } from '@canopy/site/browser';
import { editingContextQuery, type EditingContextReply } from './api';
import type { Templates } from './editor-context';
import { zonesOf } from './drop-rules';

export interface PageData {
  content: Content;
  context: EditingContextReply;
  templates: Templates;
}

function usePageData(contentId: string, version: number | null) {
  const content = useQuery(contentVersionQuery(contentId, version));
  const context = useQuery(editingContextQuery(contentId));
  const templateId = content.data?.template_id ?? null;
  const itemTemplate = useQuery({ ...templateQuery(templateId ?? ''), enabled: !!templateId });
  const references = useQuery({
    ...widgetReferencesQuery(templateId ?? ''),
    enabled: !!templateId,
  });
  // Templates the page needs beyond the references: listed in zones, used by blocks, container items.
  const known = new Map<string, Template>();
  for (const widget of references.data ?? []) known.set(widget.template_id, widget);
  const wanted = new Set<string>();
  if (itemTemplate.data)
    for (const ids of zonesOf(itemTemplate.data).values()) ids.forEach((id) => wanted.add(id));
  for (const field of Object.values(content.data?.content_fields ?? {}))
    for (const region of Object.values(field.dynamic_content_regions ?? {}))
      for (const block of Object.values(region.content_blocks ?? {})) wanted.add(block.template_id);
  for (const widget of known.values())
    if (widget.container_item_child_reference) wanted.add(widget.container_item_child_reference);
  const extra = useQueries({
    queries: [...wanted].filter((id) => !known.has(id)).map((id) => templateQuery(id)),
  });
  for (const result of extra) if (result.data) known.set(result.data.template_id, result.data);

  const failed = [content, context, itemTemplate, references].find((q) => q.isError);
  if (failed)
    return {
      failed: (failed.error as { message?: string } | null)?.message ?? 'The server did not answer',
    };
  if (
    !content.data ||
    !context.data ||
    !itemTemplate.data ||
    !references.data ||
    extra.some((q) => q.isPending)
  )
    return null;
  return {
    data: {
      content: content.data,
      context: context.data,
      templates: { item: itemTemplate.data, byId: known },
    },
  };
}

/** The version an address asks for (`?version=N`), else null: the newest. */
export function versionOf(href: string): number | null {
  const asked = new URL(href).searchParams.get('version');
  return asked && /^\d+$/.test(asked) ? Number(asked) : null;
}

/** Shows `children` with the page's data once it is loaded and the item is a page. */
export function PageGate({
  contentId,
  version,
  children,
}: {
  contentId: string;
  version: number | null;
  children: (data: PageData) => ReactNode;
}) {
  const loaded = usePageData(contentId, version);
  if (loaded && 'failed' in loaded)
    return (
      <Center h="100vh">
        <Alert color="red" title="The page editor could not open this item" role="alert">
          {loaded.failed}
        </Alert>
      </Center>
    );
  if (!loaded)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading the page" />
      </Center>
    );
  const { content } = loaded.data;
  if (!content.page_url)
    return (
      <Center h="100vh">
        <Alert color="yellow" title="This item is not a page" role="status">
          {content.content_name} has no Page URL, so it is not shown on the site. Edit it in the
          admin panel.
        </Alert>
      </Center>
    );
  return children(loaded.data);
}

/** The element the page is rendered into: first in the body, before the editor's chrome. */
export function usePageContainer(): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.id = 'canopy-page';
    document.body.prepend(element);
    setContainer(element);
    return () => element.remove();
  }, []);
  return container;
}

/** The page's look: the site's stylesheet, its theme (and the editor's classes), its title. */
export function useSiteLook(
  stylesheet: string,
  model: PageModel,
  classes: string[],
  title: string,
): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
    return () => link.remove();
  }, [stylesheet]);
  const className = [themeClass(model), ...classes].filter(Boolean).join(' ');
  useEffect(() => {
    document.body.className = className;
    document.title = title;
  }, [className, title]);
}
