/**
 * What differs between the four kinds of row a Save writes: how a content field, a dynamic
 * region, a content block and a block field are checked and built. The planner in
 * plan-changes.ts does everything they share.
 */
import { LAYOUT_TOO_DEEP_MESSAGE, MAX_LAYOUT_DEPTH, layoutDepth } from '@canopy/core';
import type {
  BlockFieldRow,
  ContentBlockRow,
  ContentFieldRow,
  DynamicRegionRow,
} from '../../db/schema';
import type { BlockDefinition } from '../../repositories/field-definitions';
import type {
  BlockChange,
  BlockFieldChange,
  ContentFieldChange,
  RegionChange,
} from '../../schemas/changes';
import type { ChangeScope, PlanState, RowKind } from './plan-changes';

export interface KindContext {
  state: PlanState;
  /** The content's own template. */
  templateId: string | null;
  definitions: Map<string, BlockDefinition>;
  /** Whether a zone's field allows a widget template (containers bring their items). */
  zoneAllows(zoneField: ContentFieldRow, templateId: string): boolean;
  widgetExists(templateId: string): boolean;
  /** Validates a value by its field's rules; returns it as stored. */
  checkValue<V extends string | null | undefined>(
    scope: ChangeScope,
    definition: BlockDefinition | undefined,
    value: V,
  ): V;
  /** Notes a value that also names the content or sets its Page URL. */
  track(definition: BlockDefinition | undefined, value: string | null): void;
}

export function rowKinds(ctx: KindContext) {
  const { state, definitions } = ctx;
  const { key, after } = state;
  const fieldSlots = new Set([...after.field.values()].map((f) => f.template_block_id));
  const blockFieldSlots = new Set(
    [...after.blockField.values()].map((f) => `${f.block_id}:${f.template_block_id}`),
  );

  const contentField: RowKind<'field', ContentFieldChange> = {
    kind: 'content_field',
    rows: 'field',
    noun: 'field',
    idOf: (change) => change.field_id,
    createNeeds: ['template_block_id'],
    fixed: ['template_block_id'],
    build(change, current, scope) {
      const blockId = current?.template_block_id ?? change.template_block_id!;
      const checked = checkFieldValue(scope, change, current, {
        slots: fieldSlots,
        slot: blockId,
        templateBlockId: blockId,
        ownerTemplateId: ctx.templateId,
        owner: "this content's template",
        holder: 'This content',
      });
      if (!checked) return null;
      const row: ContentFieldRow = {
        ...key,
        field_id: scope.id,
        template_block_id: blockId,
        field_value: checked.value,
        content_ref:
          change.content_ref !== undefined ? change.content_ref : (current?.content_ref ?? null),
      };
      if (!current || change.field_value !== undefined)
        ctx.track(checked.definition, row.field_value);
      return row;
    },
  };

  const region: RowKind<'region', RegionChange> = {
    kind: 'dynamic_region',
    rows: 'region',
    noun: 'zone',
    idOf: (change) => change.region_id,
    createNeeds: ['field_id'],
    fixed: ['field_id'],
    parent: { rows: 'field', of: (row) => row.field_id, label: 'field' },
    build(change, current, scope) {
      const fieldId = current?.field_id ?? change.field_id!;
      if (!current && !after.field.has(fieldId)) {
        return scope.fail(`its field ${fieldId} is not a field of this version`);
      }
      if (layoutDepth(change.region_value) > MAX_LAYOUT_DEPTH) {
        scope.problem(LAYOUT_TOO_DEEP_MESSAGE);
        return null;
      }
      const value =
        change.region_value === undefined
          ? (current?.region_value ?? null)
          : change.region_value === null
            ? null
            : JSON.stringify(change.region_value);
      const row: DynamicRegionRow = {
        ...key,
        region_id: scope.id,
        field_id: fieldId,
        region_value: value,
      };
      return row;
    },
  };

  const block: RowKind<'block', BlockChange> = {
    kind: 'content_block',
    rows: 'block',
    noun: 'block',
    idOf: (change) => change.block_id,
    createNeeds: ['region_id', 'template_id'],
    fixed: ['template_id'],
    build(change, current, scope) {
      const regionId = change.region_id ?? current!.region_id;
      const templateId = current?.template_id ?? change.template_id!;
      const zone = after.region.get(regionId);
      if (!zone) return scope.fail(`its zone ${regionId} is not a zone of this version`);
      if (!ctx.widgetExists(templateId)) {
        return scope.fail(`widget template ${templateId} does not exist`);
      }
      const zoneField = after.field.get(zone.field_id);
      if (zoneField && !ctx.zoneAllows(zoneField, templateId)) {
        return scope.fail(`widget template ${templateId} is not allowed in this zone`);
      }
      // content_block_order is always 1 on save (§3): a zone's layout holds the order.
      const row: ContentBlockRow = {
        ...key,
        block_id: scope.id,
        region_id: regionId,
        template_id: templateId,
        content_block_order: 1,
      };
      return row;
    },
  };

  const blockField: RowKind<'blockField', BlockFieldChange> = {
    kind: 'block_field',
    rows: 'blockField',
    noun: 'block field',
    idOf: (change) => change.field_id,
    createNeeds: ['block_id', 'template_block_id'],
    fixed: ['block_id', 'template_block_id'],
    parent: { rows: 'block', of: (row) => row.block_id, label: 'block' },
    build(change, current, scope) {
      const blockId = current?.block_id ?? change.block_id!;
      const templateBlockId = current?.template_block_id ?? change.template_block_id!;
      const owner = after.block.get(blockId);
      if (!current && !owner) {
        return scope.fail(`its block ${blockId} is not a block of this version`);
      }
      const checked = checkFieldValue(scope, change, current, {
        slots: blockFieldSlots,
        slot: `${blockId}:${templateBlockId}`,
        templateBlockId,
        ownerTemplateId: owner?.template_id ?? null,
        owner: "the block's widget template",
        holder: 'The block',
      });
      if (!checked) return null;
      const row: BlockFieldRow = {
        ...key,
        field_id: scope.id,
        block_id: blockId,
        template_block_id: templateBlockId,
        field_value: checked.value,
      };
      return row;
    },
  };

  return { contentField, region, block, blockField };

  /**
   * The value rules content fields and block fields share: a new one must be a field of its
   * owner's template and the first value for its template block there; every value must pass
   * its field's rules. Returns the definition and the value to store, or null (problem recorded).
   */
  function checkFieldValue(
    scope: ChangeScope,
    change: { field_value?: string | null | undefined },
    current: { field_value: string | null } | undefined,
    place: {
      slots: Set<string>;
      slot: string;
      templateBlockId: string;
      ownerTemplateId: string | null;
      owner: string;
      holder: string;
    },
  ): { definition: BlockDefinition | undefined; value: string | null } | null {
    const definition = definitions.get(place.templateBlockId);
    if (!current) {
      if (!definition || definition.template_id !== place.ownerTemplateId) {
        return scope.fail(
          `template block ${place.templateBlockId} is not a field of ${place.owner}`,
        );
      }
      if (place.slots.has(place.slot)) {
        scope.problem(
          `${place.holder} already has a value for "${definition.block_name}"`,
          place.templateBlockId,
        );
        return null;
      }
      place.slots.add(place.slot);
    }
    const given = current ? change.field_value : (change.field_value ?? null);
    const value = ctx.checkValue(scope, definition, given);
    return { definition, value: value !== undefined ? value : (current?.field_value ?? null) };
  }
}
