/**
 * The layout moves of a dynamic zone (§4) applied to the item editor's draft: add a block (a
 * Container Widget brings its two container items), move it before or after another or into a
 * container item, remove it. Each operation changes the zone's layout through core's pure layout
 * functions and sets the change statuses a Save sends; a failure leaves the draft as it was.
 */
import { current, isDraft } from 'immer';
import {
  CONTAINER_ITEM_TYPE,
  CONTAINER_TYPE,
  containerWithItems,
  emptyZoneLayout,
  findLayoutNode,
  layoutBlockIds,
  moveLayoutNode,
  placeLayoutNode,
  removeLayoutNode,
  type LayoutFailure,
  type LayoutNode,
  type LayoutPlacement,
  type Template,
} from '@canopy/core';
import type { DraftBlock, DraftContent, DraftRegion } from './contract';

/** What a widget template must say for a block of it to be made. */
export type WidgetTemplate = Pick<Template, 'template_id' | 'widget_type' | 'template_blocks'>;

export type ZoneOutcome =
  { ok: true; id: string } | { ok: false; reason: LayoutFailure; id: string };

export const CONTAINER_WIDGET = 'Container Widget';

/** The zone's region: the first one of its field that is not being deleted. */
export function zoneRegion(draft: DraftContent, templateBlockId: string): DraftRegion | null {
  const field = draft.content_fields[templateBlockId];
  if (!field) return null;
  return Object.values(field.dynamic_content_regions).find((r) => !r.cmsItemStatus?.delete) ?? null;
}

/** The region's layout; a region without one lays out as an empty zone. */
export function zoneLayout(region: Pick<DraftRegion, 'region_id' | 'region_value'>): LayoutNode {
  const value = region.region_value;
  const layout = value && isDraft(value) ? current(value) : value;
  return layout ?? emptyZoneLayout(region.region_id);
}

/** Whether a layout node is a container item (layout only, never a content block). */
export function isContainerItem(node: LayoutNode): boolean {
  return node.type === CONTAINER_ITEM_TYPE;
}

export function isContainer(node: LayoutNode): boolean {
  return node.type === CONTAINER_TYPE;
}

/**
 * Adds a block of a widget template at the end of the zone, or at `placement`. Its fields start
 * with their default values; a Container Widget's block comes with its two container items.
 */
export function addBlock(
  draft: DraftContent,
  templateBlockId: string,
  widget: WidgetTemplate,
  newId: () => string,
  placement?: LayoutPlacement,
): ZoneOutcome {
  const region = ensureRegion(draft, templateBlockId, newId);
  if (!region) return { ok: false, reason: 'notFound', id: templateBlockId };
  const blockId = newId();
  const node =
    widget.widget_type === CONTAINER_WIDGET ? containerWithItems(blockId, newId) : { id: blockId };
  const layout = zoneLayout(region);
  const where = placement ?? { position: 'into', targetId: layout.id };
  const refused = refusedPlacement(layout, where);
  if (refused) return refused;
  const result = placeLayoutNode(layout, node, where);
  if (!result.ok) return { ok: false, reason: result.reason, id: result.id };

  const fields: DraftBlock['content_blocks_fields'] = {};
  for (const templateBlock of Object.values(widget.template_blocks)) {
    const definition = Object.values(templateBlock.template_fields)[0];
    fields[templateBlock.block_id] = {
      field_id: newId(),
      block_id: blockId,
      template_block_id: templateBlock.block_id,
      field_value: definition?.default_value ?? null,
      version: draft.version,
      cmsItemStatus: { create: true },
    };
  }
  region.content_blocks[blockId] = {
    block_id: blockId,
    region_id: region.region_id,
    template_id: widget.template_id,
    version: draft.version,
    content_block_order: 1,
    file_layout: null,
    content_blocks_fields: fields,
    cmsItemStatus: { create: true },
  };
  setLayout(region, result.layout);
  return { ok: true, id: blockId };
}

/** Moves a block (with whatever it holds) before or after another, or into a container item. */
export function moveBlock(
  draft: DraftContent,
  templateBlockId: string,
  nodeId: string,
  placement: LayoutPlacement,
): ZoneOutcome {
  const region = zoneRegion(draft, templateBlockId);
  if (!region) return { ok: false, reason: 'notFound', id: templateBlockId };
  const layout = zoneLayout(region);
  const refused = refusedPlacement(layout, placement);
  if (refused) return refused;
  const result = moveLayoutNode(layout, nodeId, placement);
  if (!result.ok) return { ok: false, reason: result.reason, id: result.id };
  if (result.layout !== layout) setLayout(region, result.layout);
  return { ok: true, id: nodeId };
}

/**
 * Moves a block (with whatever it holds) into another zone of the page: before or after a block
 * there, or into one of its container items. A block belongs to its zone's region, so the moved
 * blocks arrive as new blocks with the same widgets and field values (new ids), and the originals
 * leave their zone as `removeBlock` takes them; one Save sends both.
 */
export function moveBlockToZone(
  draft: DraftContent,
  fromZone: string,
  toZone: string,
  nodeId: string,
  placement: LayoutPlacement,
  newId: () => string,
): ZoneOutcome {
  if (fromZone === toZone) return moveBlock(draft, fromZone, nodeId, placement);
  const from = zoneRegion(draft, fromZone);
  const found = from && findLayoutNode(zoneLayout(from), nodeId);
  if (!from || !found) return { ok: false, reason: 'notFound', id: nodeId };
  // The drop targets of a zone come from its region's layout: a zone without one has none.
  const to = zoneRegion(draft, toZone);
  if (!to) return { ok: false, reason: 'notFound', id: placement.targetId };
  const layout = zoneLayout(to);
  const refused = refusedPlacement(layout, placement);
  if (refused) return refused;

  const ids = new Map<string, string>();
  const renamed = (node: LayoutNode): LayoutNode => {
    const id = newId();
    ids.set(node.id, id);
    return { ...node, id, ...(node.blocks && { blocks: node.blocks.map(renamed) }) };
  };
  const moved = renamed(found.node);
  const placed = placeLayoutNode(layout, moved, placement);
  if (!placed.ok) return { ok: false, reason: placed.reason, id: placed.id };

  for (const [oldId, blockId] of ids) {
    const block = from.content_blocks[oldId];
    if (!block) continue; // a container item: layout only
    const fields: DraftBlock['content_blocks_fields'] = {};
    for (const [key, field] of Object.entries(block.content_blocks_fields)) {
      fields[key] = {
        ...field,
        field_id: newId(),
        block_id: blockId,
        version: draft.version,
        cmsItemStatus: { create: true },
      };
    }
    to.content_blocks[blockId] = {
      ...block,
      block_id: blockId,
      region_id: to.region_id,
      version: draft.version,
      content_blocks_fields: fields,
      cmsItemStatus: { create: true },
    };
  }
  setLayout(to, placed.layout);
  const removed = removeBlock(draft, fromZone, nodeId);
  if (!removed.ok) return removed;
  return { ok: true, id: ids.get(nodeId)! };
}

/**
 * Takes a node out of the zone with everything inside it. Their blocks are marked for deletion,
 * or dropped when they were created in this draft.
 */
export function removeBlock(
  draft: DraftContent,
  templateBlockId: string,
  nodeId: string,
): ZoneOutcome {
  const region = zoneRegion(draft, templateBlockId);
  if (!region) return { ok: false, reason: 'notFound', id: templateBlockId };
  const result = removeLayoutNode(zoneLayout(region), nodeId);
  if (!result.ok) return { ok: false, reason: result.reason, id: result.id };
  for (const id of [nodeId, ...layoutBlockIds(result.removed)]) {
    const block = region.content_blocks[id];
    if (!block) continue;
    if (block.cmsItemStatus?.create) {
      delete region.content_blocks[id];
      continue;
    }
    block.cmsItemStatus = { delete: true };
    // Its fields go with it: nothing of them is sent beside the block's delete.
    for (const [key, field] of Object.entries(block.content_blocks_fields)) {
      if (field.cmsItemStatus?.create) delete block.content_blocks_fields[key];
      else delete field.cmsItemStatus;
    }
  }
  setLayout(region, result.layout);
  return { ok: true, id: nodeId };
}

/**
 * Puts a block marked for deletion back, at the end of the zone (a container with new items); its
 * fields are sent with their values as shown.
 */
export function restoreBlock(
  draft: DraftContent,
  templateBlockId: string,
  blockId: string,
  widget: Pick<WidgetTemplate, 'widget_type'> | undefined,
  newId: () => string,
): ZoneOutcome {
  const region = zoneRegion(draft, templateBlockId);
  const block = region?.content_blocks[blockId];
  if (!region || !block?.cmsItemStatus?.delete)
    return { ok: false, reason: 'notFound', id: blockId };
  const layout = zoneLayout(region);
  const node =
    widget?.widget_type === CONTAINER_WIDGET ? containerWithItems(blockId, newId) : { id: blockId };
  const result = placeLayoutNode(layout, node, {
    position: 'into',
    targetId: layout.id,
  });
  if (!result.ok) return { ok: false, reason: result.reason, id: result.id };
  delete block.cmsItemStatus;
  // Edits made before the removal are still shown, so they are sent again.
  for (const field of Object.values(block.content_blocks_fields))
    field.cmsItemStatus = { edited: true };
  setLayout(region, result.layout);
  return { ok: true, id: blockId };
}

/** The sibling a node would swap places with: the one before (-1) or after (+1) it. */
export function siblingMove(
  layout: LayoutNode,
  nodeId: string,
  direction: -1 | 1,
): LayoutPlacement | null {
  const location = findLayoutNode(layout, nodeId);
  if (!location?.parent) return null;
  const sibling = location.parent.blocks?.[location.index + direction];
  if (sibling)
    return {
      position: direction < 0 ? 'before' : 'after',
      targetId: sibling.id,
    };
  // At the edge of a container item, the next step leaves the container.
  const item = location.parent;
  if (!isContainerItem(item)) return null;
  const container = findLayoutNode(layout, item.id)?.parent;
  if (!container) return null;
  return {
    position: direction < 0 ? 'before' : 'after',
    targetId: container.id,
  };
}

/** Every container item of the layout with its container, in document order. */
export function containerItems(
  layout: LayoutNode,
): { item: LayoutNode; container: LayoutNode; index: number }[] {
  const found: { item: LayoutNode; container: LayoutNode; index: number }[] = [];
  const visit = (node: LayoutNode) => {
    (node.blocks ?? []).forEach((child, index) => {
      if (isContainer(node) && isContainerItem(child))
        found.push({ item: child, container: node, index });
      visit(child);
    });
  };
  visit(layout);
  return found;
}

/** What a block shows as its state until the next Save. */
export type BlockState = 'new' | 'edited' | 'deleted' | null;

export function blockState(block: DraftBlock): BlockState {
  const status = block.cmsItemStatus;
  if (status?.delete) return 'deleted';
  if (status?.create) return 'new';
  const fieldChanged = Object.values(block.content_blocks_fields).some(
    (field) => field.cmsItemStatus?.create || field.cmsItemStatus?.edited,
  );
  return status?.edited || fieldChanged ? 'edited' : null;
}

/** The zone's region, made (with its field's id) when the field has none yet. */
function ensureRegion(
  draft: DraftContent,
  templateBlockId: string,
  newId: () => string,
): DraftRegion | null {
  const existing = zoneRegion(draft, templateBlockId);
  if (existing) return existing;
  const field = draft.content_fields[templateBlockId];
  if (!field) return null;
  const regionId = newId();
  field.dynamic_content_regions[regionId] = {
    region_id: regionId,
    field_id: field.field_id,
    region_value: emptyZoneLayout(regionId),
    version: draft.version,
    content_blocks: {},
    cmsItemStatus: { create: true },
  };
  return field.dynamic_content_regions[regionId]!;
}

/**
 * Blocks go into the zone itself or into a container item, and before or after a block: never
 * into a plain block, nor beside a container item (a container keeps exactly its items).
 */
function refusedPlacement(layout: LayoutNode, placement: LayoutPlacement): ZoneOutcome | null {
  const target = findLayoutNode(layout, placement.targetId);
  if (!target) return { ok: false, reason: 'notFound', id: placement.targetId };
  const fits =
    placement.position === 'into'
      ? target.parent === null || isContainerItem(target.node)
      : target.parent !== null && !isContainerItem(target.node);
  return fits ? null : { ok: false, reason: 'invalidTarget', id: placement.targetId };
}

function setLayout(region: DraftRegion, layout: LayoutNode): void {
  region.region_value = layout;
  if (!region.cmsItemStatus?.create)
    region.cmsItemStatus = { ...region.cmsItemStatus, edited: true };
}
