/**
 * The widget templates a zone needs: those its blocks are made of, those it allows (listed in the
 * field's `allowed_widgets`, or every widget the item's template allows when the list is empty),
 * and the container items its containers hold.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Template } from '@canopy/core';
import { templateQuery, widgetReferencesQuery } from '@canopy/ui';

/** The ids of a pipe-separated `allowed_widgets` list (§3). */
export function allowedWidgetIds(allowed: string | null): string[] {
  const ids = (allowed ?? '').split('|').map((id) => id.trim());
  return [...new Set(ids.filter((id) => id !== ''))];
}

export interface ZoneWidgets {
  /** Widget templates by id, as far as they are loaded. */
  byId: Map<string, Template>;
  /** Ids whose template could not be loaded. */
  failed: Set<string>;
  /** The widgets the zone allows, sorted by name (undefined while loading). */
  allowed: Template[] | undefined;
}

export function useZoneWidgets(
  itemTemplateId: string,
  allowedWidgets: string | null,
  usedIds: string[],
): ZoneWidgets {
  const listed = allowedWidgetIds(allowedWidgets);
  const references = useQuery({
    ...widgetReferencesQuery(itemTemplateId),
    enabled: listed.length === 0,
  });
  const first = [...new Set([...listed, ...usedIds])];
  const firstResults = useQueries({
    queries: first.map((id) => templateQuery(id)),
  });
  const byId = new Map<string, Template>();
  for (const widget of references.data ?? []) byId.set(widget.template_id, widget);
  firstResults.forEach((result) => {
    if (result.data) byId.set(result.data.template_id, result.data);
  });
  // Container items of the containers known so far (a second round, usually one template).
  const items = [
    ...new Set(
      [...byId.values()]
        .map((widget) => widget.container_item_child_reference)
        .filter((id): id is string => id != null && !byId.has(id)),
    ),
  ];
  const itemResults = useQueries({
    queries: items.map((id) => templateQuery(id)),
  });
  itemResults.forEach((result) => {
    if (result.data) byId.set(result.data.template_id, result.data);
  });

  const failed = new Set<string>();
  [...firstResults, ...itemResults].forEach((result, i) => {
    if (result.isError) failed.add([...first, ...items][i]!);
  });
  const allowed =
    listed.length === 0
      ? references.data
      : firstResults.slice(0, listed.length).some((r) => r.isPending)
        ? undefined
        : listed.flatMap((id) => byId.get(id) ?? []);
  return {
    byId,
    failed,
    allowed: allowed && [...allowed].sort((a, b) => a.template_name.localeCompare(b.template_name)),
  };
}
