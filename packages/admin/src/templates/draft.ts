/**
 * The template editor's draft: the loaded template as a form edits it, the rules it must pass
 * before a Save (§3 Template, Template field definition, §5), and the writes a Save makes, found
 * by comparing the draft with the template as loaded (rows are matched by id; new rows get their
 * id in the browser, so a Save that stopped half way simply leaves fewer differences).
 */
import {
  BLANK_FIELD_DEFINITION,
  emptyNameMessage,
  fieldDefinitionProblems,
  type RegexCompiler,
  type TemplateFieldDefinition,
  type WidgetType,
  TEMPLATE_FIELD_DEFINITION_KEYS,
} from '@canopy/core';
import type { LoadedTemplate } from '@canopy/ui';

/** A template as GET /api/templates/{id} answers: blocks keyed by id, fields by name. */
export type { LoadedTemplate };

export const TEMPLATE_FOLDER_TYPE = 'template-folder';
export const WIDGET_TEMPLATE_TYPE = 'widget-template';
/** The edit-in behaviours the in-page editor knows (§2 Right edit panel). */
export const EDIT_IN_BEHAVIORS = ['Page Properties Tab', 'Selected Tab'] as const;

export interface SettingsDraft {
  template_name: string;
  template_type_id: string;
  file_layout: string | null;
  widget_type: WidgetType | null;
  custom_icon_class: string | null;
  container_item_child_reference: string | null;
  childLevelsNeeded: number;
  allowed_content_type: string;
  allowed_template_type: string;
}

export type FieldDraft = TemplateFieldDefinition;

export interface BlockDraft {
  block_id: string;
  block_name: string;
  fields: FieldDraft[];
}

export interface TemplateDraft {
  settings: SettingsDraft;
  blocks: BlockDraft[];
}

const SETTING_KEYS = [
  'template_name',
  'template_type_id',
  'file_layout',
  'widget_type',
  'custom_icon_class',
  'container_item_child_reference',
  'childLevelsNeeded',
  'allowed_content_type',
  'allowed_template_type',
] as const satisfies ReadonlyArray<keyof SettingsDraft>;

/** The definition properties a Save compares and sends (§3 Template field definition). */
export const DEFINITION_KEYS = TEMPLATE_FIELD_DEFINITION_KEYS satisfies ReadonlyArray<
  keyof FieldDraft
>;

type DefinitionKey = (typeof DEFINITION_KEYS)[number];

export function blocksInOrder(template: LoadedTemplate) {
  return Object.values(template.template_blocks).sort((a, b) => a.block_order - b.block_order);
}

function fieldsInOrder(block: LoadedTemplate['template_blocks'][string]): FieldDraft[] {
  return Object.values(block.template_fields)
    .sort((a, b) => (a.field_order ?? 0) - (b.field_order ?? 0))
    .map((field) => pickDefinition(field));
}

function pickDefinition(field: TemplateFieldDefinition): FieldDraft {
  const draft = { field_id: field.field_id, block_id: field.block_id } as FieldDraft;
  for (const key of DEFINITION_KEYS)
    (draft as unknown as Record<string, unknown>)[key] = field[key];
  return draft;
}

export function draftOf(template: LoadedTemplate): TemplateDraft {
  const settings = {} as Record<string, unknown>;
  for (const key of SETTING_KEYS) settings[key] = template[key];
  return {
    settings: settings as unknown as SettingsDraft,
    blocks: blocksInOrder(template).map((block) => ({
      block_id: block.block_id,
      block_name: block.block_name,
      fields: fieldsInOrder(block),
    })),
  };
}

/** A new field definition: core's blank one (an optional Short Text, nothing else set). */
export function blankField(fieldId: string, blockId: string, name: string): FieldDraft {
  return { field_id: fieldId, block_id: blockId, ...BLANK_FIELD_DEFINITION, field_name: name };
}

/** A name not used yet among `taken`: `base`, then `base 2`, `base 3`... */
export function freeName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}

/** Which definition properties a field type uses; the others are kept but not shown. */
export function propertiesOf(fieldType: string): ReadonlySet<DefinitionKey> {
  const shown = new Set<DefinitionKey>([
    'field_type',
    'field_name',
    'edit_in_behavior',
    'is_required',
    'tool_tip',
    'default_value',
    'connect_to_doc_site',
  ]);
  const add = (...keys: DefinitionKey[]) => keys.forEach((key) => shown.add(key));
  switch (fieldType) {
    case 'Short Text':
    case 'Long Text':
    case 'Rich Text':
      add('regex_validation', 'validation_message');
      break;
    case 'Dropdown':
      add('field_values');
      break;
    case 'Media Library Asset':
      add('restrict_to_content_type');
      break;
    case 'Content Reference Picker':
      add('picker_root_item', 'restrict_to_content_type');
      break;
    case 'Micro-app Reference Picker':
      add('microapp_id', 'microapp_version', 'validation_message');
      break;
    case 'Dynamic Zone':
      add('allowed_widgets');
      shown.delete('default_value');
      break;
    case 'Read Only':
      shown.delete('is_required');
      break;
  }
  return shown;
}

/** Where an input of the draft is: the key of its error and the id of its element. */
export const inputKey = {
  setting: (key: keyof SettingsDraft) => `template-${key}`,
  block: (blockId: string) => `block-${blockId}-name`,
  field: (fieldId: string, key: DefinitionKey) => `field-${fieldId}-${key}`,
};

export interface DraftProblem {
  key: string;
  message: string;
  /** The field the problem is in, so its panel can be opened. */
  fieldId?: string;
}

/**
 * Every problem of the draft, in the order of the form (so the first is the one to focus). Each
 * field definition is checked by core's rules, the server's, with the server's regular
 * expression engine (§5 'Please enter a valid regular expression').
 */
export function draftProblems(draft: TemplateDraft, compile: RegexCompiler): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.settings.template_name.trim() === '') {
    problems.push({
      key: inputKey.setting('template_name'),
      message: emptyNameMessage('template_name'),
    });
  }
  const blockNames = draft.blocks.map((block) => block.block_name.trim());
  for (const block of draft.blocks) {
    const name = block.block_name.trim();
    if (name === '') {
      problems.push({
        key: inputKey.block(block.block_id),
        message: emptyNameMessage('block_name'),
      });
    } else if (blockNames.filter((other) => other === name).length > 1) {
      problems.push({
        key: inputKey.block(block.block_id),
        message: `Another block is named "${name}"`,
      });
    }
    const fieldNames = block.fields.map((field) => field.field_name.trim());
    for (const field of block.fields) {
      const at = (key: DefinitionKey, message: string) =>
        problems.push({
          key: inputKey.field(field.field_id, key),
          message,
          fieldId: field.field_id,
        });
      const found = fieldDefinitionProblems(field, compile);
      const fieldName = field.field_name.trim();
      if (fieldName !== '' && fieldNames.filter((other) => other === fieldName).length > 1) {
        found.push({
          property: 'field_name',
          message: `Another field of this block is named "${fieldName}"`,
        });
      }
      // in the order of the form's inputs
      found.sort(
        (a, b) => DEFINITION_KEYS.indexOf(a.property) - DEFINITION_KEYS.indexOf(b.property),
      );
      for (const problem of found) at(problem.property, problem.message);
    }
  }
  return problems;
}

/** Text the server stores as null when empty. */
function stored<T>(value: T): T | null {
  return value === '' ? null : value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return (stored(a) ?? null) === (stored(b) ?? null);
}

export type SettingsChanges = Partial<SettingsDraft>;
export type DefinitionChanges = Partial<Pick<FieldDraft, DefinitionKey>>;

/** The writes of one Save, in the order they are made. */
export interface SavePlan {
  settings: SettingsChanges;
  deleteFields: string[];
  deleteBlocks: string[];
  updateBlocks: Array<{ block_id: string; block_name?: string; block_order?: number }>;
  createBlocks: Array<{ block_id: string; block_name: string; block_order: number }>;
  updateFields: Array<{ field_id: string; changes: DefinitionChanges & { field_order?: number } }>;
  createFields: Array<FieldDraft & { field_order: number }>;
}

function definitionChanges(before: FieldDraft, after: FieldDraft): DefinitionChanges {
  const changes: Record<string, unknown> = {};
  for (const key of DEFINITION_KEYS) {
    if (!sameValue(before[key], after[key])) changes[key] = stored(after[key]);
  }
  if (changes.field_name !== undefined) changes.field_name = after.field_name.trim();
  return changes as DefinitionChanges;
}

export function planSave(base: LoadedTemplate, draft: TemplateDraft): SavePlan {
  const before = draftOf(base);
  const plan: SavePlan = {
    settings: {},
    deleteFields: [],
    deleteBlocks: [],
    updateBlocks: [],
    createBlocks: [],
    updateFields: [],
    createFields: [],
  };
  for (const key of SETTING_KEYS) {
    if (!sameValue(before.settings[key], draft.settings[key])) {
      (plan.settings as Record<string, unknown>)[key] = stored(draft.settings[key]);
    }
  }
  if (plan.settings.template_name !== undefined) {
    plan.settings.template_name = plan.settings.template_name.trim();
  }
  const oldBlocks = new Map(
    before.blocks.map((block, index) => [block.block_id, { block, index }]),
  );
  const keptBlocks = new Set(draft.blocks.map((block) => block.block_id));
  plan.deleteBlocks = before.blocks
    .filter((block) => !keptBlocks.has(block.block_id))
    .map((block) => block.block_id);

  draft.blocks.forEach((block, index) => {
    const order = index + 1;
    const old = oldBlocks.get(block.block_id);
    if (!old) {
      plan.createBlocks.push({
        block_id: block.block_id,
        block_name: block.block_name.trim(),
        block_order: order,
      });
    } else {
      const update: SavePlan['updateBlocks'][number] = { block_id: block.block_id };
      if (old.block.block_name !== block.block_name.trim())
        update.block_name = block.block_name.trim();
      const oldOrder = blocksInOrder(base)[old.index]!.block_order;
      if (oldOrder !== order) update.block_order = order;
      if (Object.keys(update).length > 1) plan.updateBlocks.push(update);
    }
    const oldFields = new Map((old?.block.fields ?? []).map((field) => [field.field_id, field]));
    const keptFields = new Set(block.fields.map((field) => field.field_id));
    if (old) {
      plan.deleteFields.push(
        ...old.block.fields
          .filter((field) => !keptFields.has(field.field_id))
          .map((field) => field.field_id),
      );
    }
    block.fields.forEach((field, fieldIndex) => {
      const fieldOrder = fieldIndex + 1;
      const oldField = oldFields.get(field.field_id);
      if (!oldField) {
        plan.createFields.push({
          ...(definitionChanges(blankField('', '', ''), field) as FieldDraft),
          field_id: field.field_id,
          block_id: block.block_id,
          field_name: field.field_name.trim(),
          field_type: field.field_type,
          field_order: fieldOrder,
        });
        return;
      }
      const changes: DefinitionChanges & { field_order?: number } = definitionChanges(
        oldField,
        field,
      );
      const oldOrder =
        base.template_blocks[block.block_id]!.template_fields[oldField.field_name]!.field_order;
      if (oldOrder !== undefined && oldOrder !== fieldOrder) changes.field_order = fieldOrder;
      if (Object.keys(changes).length > 0)
        plan.updateFields.push({ field_id: field.field_id, changes });
    });
  });
  return plan;
}

/** Whether a plan writes anything beyond the template's own updated stamp. */
export function planIsEmpty(plan: SavePlan): boolean {
  return (
    Object.keys(plan.settings).length === 0 &&
    plan.deleteFields.length +
      plan.deleteBlocks.length +
      plan.updateBlocks.length +
      plan.createBlocks.length +
      plan.updateFields.length +
      plan.createFields.length ===
      0
  );
}
