/**
 * Applies the changes of one Save (or one fine-grained call) to a draft version: every content
 * field, dynamic region, content block and block field, each with its change status. Everything
 * is checked first (ownership, parents, field rules); any problem refuses the whole request with
 * every error listed and nothing written. The caller runs this inside its transaction.
 */
import {
  LAYOUT_TOO_DEEP_MESSAGE,
  MAX_LAYOUT_DEPTH,
  layoutDepth,
  fieldTypeOf,
  validateFieldValue,
  type ChangeStatus,
} from '@canopy/core';
import type { Db } from '../../db/index';
import type {
  BlockFieldRow,
  ContentBlockRow,
  ContentFieldRow,
  ContentItemRow,
  ContentVersionRow,
  DynamicRegionRow,
} from '../../db/schema';
import { fail } from '../../errors';
import {
  ITEM_NAME_BLOCK,
  PAGE_URL_BLOCK,
  isNamed,
  loadBlockDefinitions,
  type BlockDefinition,
} from '../../repositories/field-definitions';
import type { Changes } from '../../schemas/changes';
import { loadVersionRows } from '../../repositories/version-rows';
import { writeChanges } from './write-changes';
import { compileRe2 } from '../../validation/regex';
import { sanitizeRichText } from '../../validation/rich-text';

type Kind = 'content_field' | 'dynamic_region' | 'content_block' | 'block_field';
type Action = 'create' | 'edit' | 'delete';

export interface ChangeError {
  kind: Kind;
  id: string;
  template_block_id?: string;
  message: string;
}

export interface ChangeOutcome {
  /** Set when the Item Name field changed (it also renames the content, §4 Save). */
  contentName?: string;
  /** Set when the Page URL field changed. */
  pageUrl?: string | null;
  written: number;
}

function actionOf(status: ChangeStatus | undefined): Action {
  if (status?.delete) return 'delete';
  if (status?.create) return 'create';
  return 'edit';
}

export async function applyChanges(
  trx: Db,
  target: { item: ContentItemRow; version: ContentVersionRow },
  changes: Changes,
): Promise<ChangeOutcome> {
  const key = { content_id: target.item.content_id, version: target.version.version };
  const errors: ChangeError[] = [];
  /** Records a problem stated as a whole sentence. */
  const problem = (kind: Kind, id: string, message: string, template_block_id?: string) =>
    errors.push({ kind, id, message, ...(template_block_id ? { template_block_id } : {}) });
  /** Records a problem stated as what follows "The <kind> <id>". */
  const error = (kind: Kind, id: string, fragment: string) =>
    problem(kind, id, `The ${kind.replace('_', ' ')} ${id} ${fragment}`);

  // Current state of the version.
  const { fields, regions, blocks, blockFields } = await loadVersionRows(trx, key);
  const existing = {
    field: new Map(fields.map((row) => [row.field_id, row])),
    region: new Map(regions.map((row) => [row.region_id, row])),
    block: new Map(blocks.map((row) => [row.block_id, row])),
    blockField: new Map(blockFields.map((row) => [row.field_id, row])),
  };

  const fieldChanges = changes.content_fields ?? [];
  const regionChanges = changes.dynamic_content_regions ?? [];
  const blockChanges = changes.content_blocks ?? [];
  const blockFieldChanges = changes.content_blocks_fields ?? [];

  // Definitions of the content's template and of every widget template involved.
  const templateIds = new Set<string>();
  if (target.item.template_id) templateIds.add(target.item.template_id);
  for (const block of blocks) templateIds.add(block.template_id);
  for (const change of blockChanges) if (change.template_id) templateIds.add(change.template_id);
  const definitions = await loadBlockDefinitions(trx, [...templateIds]);
  // Every widget template named, with the container item each container widget holds.
  const widgetRows =
    templateIds.size === 0
      ? []
      : await trx
          .selectFrom('templates')
          .select(['template_id', 'container_item_child_reference'])
          .where('template_id', 'in', [...templateIds])
          .execute();
  const containerItemOf = new Map(
    widgetRows.map((t) => [t.template_id, t.container_item_child_reference]),
  );

  /** A zone allows its listed widgets and the container items those containers hold. */
  const zoneAllows = (allowedWidgets: string, templateId: string) => {
    const listed = allowedWidgets.split('|').map((w) => w.trim());
    return listed.includes(templateId) || listed.some((w) => containerItemOf.get(w) === templateId);
  };

  const sameTarget = (
    kind: Kind,
    id: string,
    change: { content_id?: string; version?: number },
  ) => {
    if (change.content_id !== undefined && change.content_id !== key.content_id) {
      error(kind, id, `belongs to content ${change.content_id}, not to ${key.content_id}`);
    }
    if (change.version !== undefined && change.version !== key.version) {
      error(
        kind,
        id,
        `names version ${change.version}, but this save writes version ${key.version}`,
      );
    }
  };

  /** Validates a value by its field's rules; returns it as stored (Rich Text sanitised). */
  const checkValue = <V extends string | null | undefined>(
    kind: Kind,
    id: string,
    definition: BlockDefinition | undefined,
    value: V,
  ): V => {
    if (value === undefined) return value;
    const field = definition?.field ?? {};
    const stored = (fieldTypeOf(field) === 'Rich Text' ? sanitizeRichText(value) : value) as V;
    const message = validateFieldValue(field, stored, { compileRegex: compileRe2 });
    if (message)
      problem(
        kind,
        id,
        definition ? `${definition.block_name}: ${message}` : message,
        definition?.template_block_id,
      );
    return stored;
  };

  const unique = (kind: Kind, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) error(kind, id, 'appears more than once in this save');
      seen.add(id);
    }
  };
  unique(
    'content_field',
    fieldChanges.map((c) => c.field_id),
  );
  unique(
    'dynamic_region',
    regionChanges.map((c) => c.region_id),
  );
  unique(
    'content_block',
    blockChanges.map((c) => c.block_id),
  );
  unique(
    'block_field',
    blockFieldChanges.map((c) => c.field_id),
  );

  // Plan each kind, parents first, tracking what will exist after the save.
  const deleted = { field: new Set<string>(), region: new Set<string>(), block: new Set<string>() };
  const rows = () => ({
    field: [] as ContentFieldRow[],
    region: [] as DynamicRegionRow[],
    block: [] as ContentBlockRow[],
    blockField: [] as BlockFieldRow[],
  });
  const inserts = rows();
  const updates = rows();
  const deletes = {
    field: [] as string[],
    region: [] as string[],
    block: [] as string[],
    blockField: [] as string[],
  };
  const outcome: ChangeOutcome = { written: 0 };

  // Content fields.
  const fieldBlocksInUse = new Set(fields.map((f) => f.template_block_id));
  const fieldAfter = new Map(existing.field);
  for (const change of fieldChanges) {
    const id = change.field_id;
    sameTarget('content_field', id, change);
    const action = actionOf(change.cmsItemStatus);
    const current = existing.field.get(id);
    if (action === 'create') {
      if (current) {
        error(
          'content_field',
          id,
          `already exists in version ${key.version}; mark it edited instead`,
        );
        continue;
      }
      if (!change.template_block_id) {
        error('content_field', id, 'needs template_block_id to be created');
        continue;
      }
      const definition = definitions.get(change.template_block_id);
      if (!definition || definition.template_id !== target.item.template_id) {
        error(
          'content_field',
          id,
          `template block ${change.template_block_id} is not a field of this content's template`,
        );
        continue;
      }
      if (fieldBlocksInUse.has(change.template_block_id)) {
        problem(
          'content_field',
          id,
          `This content already has a value for "${definition.block_name}"`,
          change.template_block_id,
        );
        continue;
      }
      fieldBlocksInUse.add(change.template_block_id);
      const row: ContentFieldRow = {
        ...key,
        field_id: id,
        template_block_id: change.template_block_id,
        field_value: checkValue('content_field', id, definition, change.field_value ?? null),
        content_ref: change.content_ref ?? null,
      };
      inserts.field.push(row);
      fieldAfter.set(id, row);
      track(definition, row.field_value);
    } else if (!current) {
      error(
        'content_field',
        id,
        `is not a field of content ${key.content_id} version ${key.version}`,
      );
    } else if (action === 'delete') {
      deletes.field.push(id);
      deleted.field.add(id);
      fieldAfter.delete(id);
    } else {
      if (change.template_block_id && change.template_block_id !== current.template_block_id) {
        error(
          'content_field',
          id,
          `holds template block ${current.template_block_id}, not ${change.template_block_id}`,
        );
        continue;
      }
      const definition = definitions.get(current.template_block_id);
      const value = checkValue('content_field', id, definition, change.field_value);
      const row: ContentFieldRow = {
        ...current,
        field_value: value !== undefined ? value : current.field_value,
        content_ref: change.content_ref !== undefined ? change.content_ref : current.content_ref,
      };
      updates.field.push(row);
      fieldAfter.set(id, row);
      if (change.field_value !== undefined) track(definition, row.field_value);
    }
  }

  // Dynamic regions.
  const regionAfter = new Map(existing.region);
  for (const change of regionChanges) {
    const id = change.region_id;
    sameTarget('dynamic_region', id, change);
    const action = actionOf(change.cmsItemStatus);
    const current = existing.region.get(id);
    if (layoutDepth(change.region_value) > MAX_LAYOUT_DEPTH) {
      problem('dynamic_region', id, LAYOUT_TOO_DEEP_MESSAGE);
      continue;
    }
    const value =
      change.region_value === undefined
        ? undefined
        : change.region_value === null
          ? null
          : JSON.stringify(change.region_value);
    if (action === 'create') {
      if (current) {
        error(
          'dynamic_region',
          id,
          `already exists in version ${key.version}; mark it edited instead`,
        );
        continue;
      }
      if (!change.field_id) {
        error('dynamic_region', id, 'needs field_id to be created');
        continue;
      }
      if (!fieldAfter.has(change.field_id)) {
        error('dynamic_region', id, `its field ${change.field_id} is not a field of this version`);
        continue;
      }
      const row: DynamicRegionRow = {
        ...key,
        region_id: id,
        field_id: change.field_id,
        region_value: value ?? null,
      };
      inserts.region.push(row);
      regionAfter.set(id, row);
    } else if (!current) {
      error(
        'dynamic_region',
        id,
        `is not a zone of content ${key.content_id} version ${key.version}`,
      );
    } else if (action === 'delete') {
      deletes.region.push(id);
      deleted.region.add(id);
      regionAfter.delete(id);
    } else {
      if (change.field_id && change.field_id !== current.field_id) {
        error('dynamic_region', id, `belongs to field ${current.field_id}, not ${change.field_id}`);
        continue;
      }
      if (deleted.field.has(current.field_id)) {
        error('dynamic_region', id, 'its field is deleted by this save');
        continue;
      }
      const row = { ...current, region_value: value !== undefined ? value : current.region_value };
      updates.region.push(row);
      regionAfter.set(id, row);
    }
  }

  // Content blocks.
  const blockAfter = new Map(existing.block);
  for (const change of blockChanges) {
    const id = change.block_id;
    sameTarget('content_block', id, change);
    const action = actionOf(change.cmsItemStatus);
    const current = existing.block.get(id);
    if (action === 'delete') {
      if (!current) {
        error(
          'content_block',
          id,
          `is not a block of content ${key.content_id} version ${key.version}`,
        );
        continue;
      }
      deletes.block.push(id);
      deleted.block.add(id);
      blockAfter.delete(id);
      continue;
    }
    if (action === 'create' && current) {
      error(
        'content_block',
        id,
        `already exists in version ${key.version}; mark it edited instead`,
      );
      continue;
    }
    if (action === 'edit' && !current) {
      error(
        'content_block',
        id,
        `is not a block of content ${key.content_id} version ${key.version}`,
      );
      continue;
    }
    const regionId = change.region_id ?? current?.region_id;
    const templateId = change.template_id ?? current?.template_id;
    if (!regionId || !templateId) {
      error('content_block', id, 'needs region_id and template_id to be created');
      continue;
    }
    if (current && templateId !== current.template_id) {
      error(
        'content_block',
        id,
        'cannot change its widget template; delete it and create a new block',
      );
      continue;
    }
    const region = regionAfter.get(regionId);
    if (!region) {
      error('content_block', id, `its zone ${regionId} is not a zone of this version`);
      continue;
    }
    if (!containerItemOf.has(templateId)) {
      error('content_block', id, `widget template ${templateId} does not exist`);
      continue;
    }
    const zoneField = fieldAfter.get(region.field_id);
    const allowed = zoneField
      ? definitions.get(zoneField.template_block_id)?.field?.allowed_widgets
      : null;
    if (allowed && !zoneAllows(allowed, templateId)) {
      error('content_block', id, `widget template ${templateId} is not allowed in this zone`);
      continue;
    }
    // content_block_order is always 1 on save (§3): a zone's layout holds the order.
    const row: ContentBlockRow = {
      ...key,
      block_id: id,
      region_id: regionId,
      template_id: templateId,
      content_block_order: 1,
    };
    (current ? updates : inserts).block.push(row);
    blockAfter.set(id, row);
  }

  // Block fields.
  const blockFieldSlots = new Set(blockFields.map((f) => `${f.block_id}:${f.template_block_id}`));
  for (const change of blockFieldChanges) {
    const id = change.field_id;
    sameTarget('block_field', id, change);
    const action = actionOf(change.cmsItemStatus);
    const current = existing.blockField.get(id);
    if (action === 'create') {
      if (current) {
        error(
          'block_field',
          id,
          `already exists in version ${key.version}; mark it edited instead`,
        );
        continue;
      }
      if (!change.block_id || !change.template_block_id) {
        error('block_field', id, 'needs block_id and template_block_id to be created');
        continue;
      }
      const block = blockAfter.get(change.block_id);
      if (!block) {
        error('block_field', id, `its block ${change.block_id} is not a block of this version`);
        continue;
      }
      const definition = definitions.get(change.template_block_id);
      if (!definition || definition.template_id !== block.template_id) {
        error(
          'block_field',
          id,
          `template block ${change.template_block_id} is not a field of the block's widget template`,
        );
        continue;
      }
      const slot = `${change.block_id}:${change.template_block_id}`;
      if (blockFieldSlots.has(slot)) {
        problem(
          'block_field',
          id,
          `The block already has a value for "${definition.block_name}"`,
          change.template_block_id,
        );
        continue;
      }
      blockFieldSlots.add(slot);
      inserts.blockField.push({
        ...key,
        field_id: id,
        block_id: change.block_id,
        template_block_id: change.template_block_id,
        field_value: checkValue('block_field', id, definition, change.field_value ?? null),
      });
    } else if (!current) {
      error(
        'block_field',
        id,
        `is not a block field of content ${key.content_id} version ${key.version}`,
      );
    } else if (action === 'delete') {
      deletes.blockField.push(id);
    } else {
      if (change.block_id && change.block_id !== current.block_id) {
        error('block_field', id, `belongs to block ${current.block_id}, not ${change.block_id}`);
        continue;
      }
      if (change.template_block_id && change.template_block_id !== current.template_block_id) {
        error(
          'block_field',
          id,
          `holds template block ${current.template_block_id}, not ${change.template_block_id}`,
        );
        continue;
      }
      if (deleted.block.has(current.block_id)) {
        error('block_field', id, 'its block is deleted by this save');
        continue;
      }
      const value = checkValue(
        'block_field',
        id,
        definitions.get(current.template_block_id),
        change.field_value,
      );
      updates.blockField.push({
        ...current,
        field_value: value !== undefined ? value : current.field_value,
      });
    }
  }

  if (errors.length > 0) {
    fail('VALIDATION_FAILED', errors[0]!.message, { errors });
  }

  outcome.written = await writeChanges(trx, key, { inserts, updates, deletes });
  return outcome;

  function track(definition: BlockDefinition | undefined, value: string | null) {
    if (isNamed(definition, ITEM_NAME_BLOCK) && value != null && value.trim() !== '')
      outcome.contentName = value.trim();
    if (isNamed(definition, PAGE_URL_BLOCK)) outcome.pageUrl = value;
  }
}
