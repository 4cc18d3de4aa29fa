/**
 * A block-aware comparison of two versions of a content item: changed fields by template block,
 * and zone blocks matched by id, so a block that changed place shows as moved (not as removed
 * and added) and a block whose fields changed shows which.
 */
import type { Content, LayoutNode, Template } from '@canopy/core';

export interface ValueChange {
  /** The template block id of the field. */
  key: string;
  before: string;
  after: string;
}

export interface FieldChange extends ValueChange {
  name: string;
}

export type BlockChangeKind = 'added' | 'removed' | 'moved' | 'edited';

export interface BlockChange {
  blockId: string;
  templateId: string;
  /** The zone field (its template block id) the block is in, in the newer version. */
  zone: string;
  kinds: BlockChangeKind[];
  fields: ValueChange[];
}

export interface VersionComparison {
  fields: FieldChange[];
  blocks: BlockChange[];
}

interface Placement {
  zone: string;
  parent: string;
  templateId: string;
  values: Record<string, string>;
}

/** Where every zone block sits: its zone, its parent node, and the ids of its siblings in order. */
function placements(content: Content) {
  const blocks = new Map<string, Placement>();
  const children = new Map<string, string[]>();
  for (const field of Object.values(content.content_fields)) {
    for (const region of Object.values(field.dynamic_content_regions)) {
      const walk = (node: LayoutNode) => {
        const ids = (node.blocks ?? []).map((child) => child.id);
        children.set(node.id, ids);
        for (const child of node.blocks ?? []) walk(child);
      };
      if (region.region_value) walk(region.region_value);
      const parentOf = new Map<string, string>();
      for (const [parent, ids] of children) for (const id of ids) parentOf.set(id, parent);
      for (const block of Object.values(region.content_blocks)) {
        const values: Record<string, string> = {};
        for (const blockField of Object.values(block.content_blocks_fields)) {
          values[blockField.template_block_id] = blockField.field_value ?? '';
        }
        blocks.set(block.block_id, {
          zone: field.template_block_id,
          parent: parentOf.get(block.block_id) ?? region.region_id,
          templateId: block.template_id,
          values,
        });
      }
    }
  }
  return { blocks, children };
}

function changedValues(
  before: Record<string, string>,
  after: Record<string, string>,
): ValueChange[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => (before[key] ?? '') !== (after[key] ?? ''))
    .map((key) => ({ key, before: before[key] ?? '', after: after[key] ?? '' }));
}

/** The position of `id` among the siblings both versions hold. */
function commonIndex(siblings: string[], id: string, common: Set<string>): number {
  return siblings.filter((sibling) => common.has(sibling)).indexOf(id);
}

/** What changed from `older` to `newer`; the template names the fields. */
export function compareVersions(
  older: Content,
  newer: Content,
  template: Template,
): VersionComparison {
  const names = new Map<string, string>();
  for (const block of Object.values(template.template_blocks))
    names.set(block.block_id, block.block_name);
  const textOf = (content: Content) => {
    const values: Record<string, string> = {};
    for (const field of Object.values(content.content_fields)) {
      values[field.template_block_id] = field.field_value ?? '';
    }
    return values;
  };
  const fields = changedValues(textOf(older), textOf(newer)).map((change) => ({
    ...change,
    name: names.get(change.key) ?? change.key,
  }));
  const order = (key: string) =>
    template.template_blocks[key]?.block_order ?? Number.MAX_SAFE_INTEGER;
  fields.sort((a, b) => order(a.key) - order(b.key));

  const before = placements(older);
  const after = placements(newer);
  const common = new Set([...after.blocks.keys()].filter((id) => before.blocks.has(id)));
  const blocks: BlockChange[] = [];
  for (const [blockId, now] of after.blocks) {
    const was = before.blocks.get(blockId);
    if (!was) {
      blocks.push({
        blockId,
        templateId: now.templateId,
        zone: now.zone,
        kinds: ['added'],
        fields: [],
      });
      continue;
    }
    const kinds: BlockChangeKind[] = [];
    const moved =
      was.zone !== now.zone ||
      was.parent !== now.parent ||
      commonIndex(before.children.get(was.parent) ?? [], blockId, common) !==
        commonIndex(after.children.get(now.parent) ?? [], blockId, common);
    if (moved) kinds.push('moved');
    const valueChanges = changedValues(was.values, now.values);
    if (valueChanges.length > 0) kinds.push('edited');
    if (kinds.length > 0) {
      blocks.push({
        blockId,
        templateId: now.templateId,
        zone: now.zone,
        kinds,
        fields: valueChanges,
      });
    }
  }
  for (const [blockId, was] of before.blocks) {
    if (!after.blocks.has(blockId)) {
      blocks.push({
        blockId,
        templateId: was.templateId,
        zone: was.zone,
        kinds: ['removed'],
        fields: [],
      });
    }
  }
  return { fields, blocks };
}
