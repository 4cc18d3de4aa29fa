/**
 * Applies the changes of one Save (or one fine-grained call) to a draft version: every content
 * field, dynamic region, content block and block field, each with its change status. Everything
 * is checked first (ownership, parents, field rules) by one planner for all four kinds; any
 * problem refuses the whole request with every error listed and nothing written. The caller runs
 * this inside its transaction.
 */
import { fieldTypeOf, richTextMode, validateFieldValue } from '@canopy/core';
import type { Db } from '../../db/index';
import type { ContentItemRow, ContentVersionRow } from '../../db/schema';
import { fail } from '../../errors';
import {
  ITEM_NAME_BLOCK,
  PAGE_URL_BLOCK,
  isNamed,
  loadBlockDefinitions,
} from '../../repositories/field-definitions';
import type { Changes } from '../../schemas/changes';
import { loadVersionRows } from '../../repositories/version-rows';
import { compileRe2 } from '../../validation/regex';
import { loadInstanceIndex, microappPickerProblem } from '../microapps/check-picker-values';
import { sanitizeRichText } from '../../validation/rich-text';
import { rowKinds, type KindContext } from './change-kinds';
import { emptyPlan, planKind } from './plan-changes';
import { writeChanges } from '../../repositories/version-changes';

export type { ChangeError } from './plan-changes';

export interface ChangeOutcome {
  /** Set when the Item Name field changed (it also renames the content, §4 Save). */
  contentName?: string;
  /** Set when the Page URL field changed. */
  pageUrl?: string | null;
  written: number;
}

export async function applyChanges(
  trx: Db,
  target: { item: ContentItemRow; version: ContentVersionRow },
  changes: Changes,
): Promise<ChangeOutcome> {
  const key = { content_id: target.item.content_id, version: target.version.version };
  const rows = await loadVersionRows(trx, key);
  const state = emptyPlan(key, {
    field: rows.fields,
    region: rows.regions,
    block: rows.blocks,
    blockField: rows.blockFields,
  });

  // Definitions of the content's template and of every widget template involved.
  const templateIds = new Set<string>();
  if (target.item.template_id) templateIds.add(target.item.template_id);
  for (const block of rows.blocks) templateIds.add(block.template_id);
  for (const change of changes.content_blocks ?? [])
    if (change.template_id) templateIds.add(change.template_id);
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

  // Micro-app instances the values name, so each picker value can be checked against them.
  const instances = await loadInstanceIndex(trx, [
    ...(changes.content_fields ?? []).map((change) => change.field_value),
    ...(changes.content_blocks_fields ?? []).map((change) => change.field_value),
  ]);

  const outcome: ChangeOutcome = { written: 0 };
  const context: KindContext = {
    state,
    templateId: target.item.template_id,
    definitions,
    widgetExists: (templateId) => containerItemOf.has(templateId),
    /** A zone allows its listed widgets and the container items those containers hold. */
    zoneAllows(zoneField, templateId) {
      const allowed = definitions.get(zoneField.template_block_id)?.field?.allowed_widgets;
      if (!allowed) return true;
      const listed = allowed.split('|').map((w) => w.trim());
      return (
        listed.includes(templateId) || listed.some((w) => containerItemOf.get(w) === templateId)
      );
    },
    checkValue(scope, definition, value) {
      if (value === undefined) return value;
      const field = definition?.field ?? {};
      const stored = (
        fieldTypeOf(field) === 'Rich Text' ? sanitizeRichText(value, richTextMode(field)) : value
      ) as typeof value;
      const message =
        validateFieldValue(field, stored, { compileRegex: compileRe2 }) ??
        (fieldTypeOf(field) === 'Micro-app Reference Picker'
          ? microappPickerProblem(instances, field, stored)
          : null);
      if (message) {
        scope.problem(
          definition ? `${definition.block_name}: ${message}` : message,
          definition?.template_block_id,
        );
      }
      return stored;
    },
    track(definition, value) {
      if (isNamed(definition, ITEM_NAME_BLOCK) && value != null && value.trim() !== '')
        outcome.contentName = value.trim();
      if (isNamed(definition, PAGE_URL_BLOCK)) outcome.pageUrl = value;
    },
  };

  // Parents first, so each kind sees what the save leaves of the kinds above it.
  const kinds = rowKinds(context);
  planKind(kinds.contentField, changes.content_fields ?? [], state);
  planKind(kinds.region, changes.dynamic_content_regions ?? [], state);
  planKind(kinds.block, changes.content_blocks ?? [], state);
  planKind(kinds.blockField, changes.content_blocks_fields ?? [], state);

  if (state.errors.length > 0) {
    fail('VALIDATION_FAILED', state.errors[0]!.message, { errors: state.errors });
  }
  outcome.written = await writeChanges(trx, key, state);
  return outcome;
}
