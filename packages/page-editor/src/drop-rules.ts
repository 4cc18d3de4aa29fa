/** Where a new widget may be dropped on the page (§3 zones and containers), and what is under the pointer. */
import {
  KeyboardCode,
  closestCenter,
  defaultKeyboardCoordinateGetter,
  pointerWithin,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { findLayoutNode, type Template } from '@canopy/core';
import { findBlock, isContainerItem, zoneLayout, zoneRegion } from '@canopy/ui/draft';
import type { Templates } from './editor-context';
import type { PageStore } from './store';
import type { DropData } from './surface';

/** The ids of a pipe-separated `allowed_widgets` list (§3). */
function allowedIds(allowed: string | null | undefined): string[] {
  return (allowed ?? '')
    .split('|')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** The zones of the item's template: template block id -> allowed widget ids (empty: any). */
export function zonesOf(template: Template): Map<string, string[]> {
  const zones = new Map<string, string[]>();
  for (const block of Object.values(template.template_blocks)) {
    const definition = Object.values(block.template_fields)[0];
    if (definition?.field_type === 'Dynamic Zone')
      zones.set(block.block_id, allowedIds(definition.allowed_widgets));
  }
  return zones;
}

export const CONTAINER_ITEM_WIDGET = 'Container Item Widget';

/**
 * Why a new widget may not go where it was dropped, or null: a zone takes its listed widgets;
 * a container's item takes the item widget the container names (the server's rule too).
 */
export function refusedDrop(
  store: PageStore,
  templates: Templates,
  target: DropData,
  widget: Template,
  allowedIn: (zoneBlockId: string) => Template[],
): string | null {
  const region = zoneRegion(store.draft, target.zoneBlockId);
  const layout = region ? zoneLayout(region) : null;
  const place = layout ? findLayoutNode(layout, target.placement.targetId) : null;
  const list = target.placement.position === 'into' ? place?.node : (place?.parent ?? undefined);
  const inItem = list != null && isContainerItem(list);
  if (widget.widget_type === CONTAINER_ITEM_WIDGET) {
    const container = inItem && layout ? findLayoutNode(layout, list.id)?.parent : null;
    const holds = container
      ? templates.byId.get(findBlock(store.draft, container.id)?.template_id ?? '')
          ?.container_item_child_reference
      : null;
    return holds === widget.template_id
      ? null
      : `${widget.template_name} goes into an item of the container that holds it`;
  }
  return allowedIn(target.zoneBlockId).some((t) => t.template_id === widget.template_id)
    ? null
    : `${widget.template_name} is not allowed in ${target.zoneName}`;
}

/** Drop targets under the pointer first (the smallest), else the closest (keyboard). */
export const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

/**
 * The keyboard's steps while a block is lifted: Arrow Down and Arrow Up go to the next drop
 * target below or above (so every press lands on a place the block can go, whatever the blocks'
 * heights); the other arrows move by dnd-kit's default step.
 */
export const dropTargetSteps: KeyboardCoordinateGetter = (event, args) => {
  const down = event.code === KeyboardCode.Down;
  if (!down && event.code !== KeyboardCode.Up) return defaultKeyboardCoordinateGetter(event, args);
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = args.context;
  if (!collisionRect) return undefined;
  const centre = (r: { left: number; top: number; width: number; height: number }) => ({
    x: r.left + r.width / 2,
    y: r.top + r.height / 2,
  });
  const from = centre(collisionRect);
  let best: { x: number; y: number } | undefined;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const to = centre(rect);
    const dy = down ? to.y - from.y : from.y - to.y;
    if (dy <= 1) continue;
    const bestDy = best ? (down ? best.y - from.y : from.y - best.y) : Infinity;
    if (
      dy < bestDy ||
      (dy === bestDy && best && Math.abs(to.x - from.x) < Math.abs(best.x - from.x))
    )
      best = to;
  }
  if (!best) return undefined;
  return {
    x: args.currentCoordinates.x + best.x - from.x,
    y: args.currentCoordinates.y + best.y - from.y,
  };
};
