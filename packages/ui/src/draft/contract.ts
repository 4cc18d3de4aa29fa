/**
 * The item editor's contract with its field editors. The editor (ItemEditor) owns one draft of
 * the content it loaded, with a change status (§3 `cmsItemStatus`) on every field, region,
 * block and block field it changed; a Save sends that draft as ONE PUT. Field editors only see
 * the props below; the Dynamic Zone editor also reaches the draft through `useEditor()`.
 */
import { createContext, useContext, type ComponentType, type ReactNode, type Ref } from 'react';
import type {
  BlockField,
  ChangeStatus,
  Content,
  ContentBlock,
  ContentField,
  DynamicRegion,
  FieldType,
  Template,
  TemplateFieldDefinition,
} from '@canopy/core';

export type Tracked<T> = T & { cmsItemStatus?: ChangeStatus };

export type DraftBlock = Tracked<Omit<ContentBlock, 'content_blocks_fields'>> & {
  content_blocks_fields: Record<string, Tracked<BlockField>>;
};
export type DraftRegion = Tracked<Omit<DynamicRegion, 'content_blocks'>> & {
  content_blocks: Record<string, DraftBlock>;
};
export type DraftField = Tracked<Omit<ContentField, 'dynamic_content_regions'>> & {
  dynamic_content_regions: Record<string, DraftRegion>;
};
/** The loaded content with the edits not saved yet; content_fields keyed by template_block_id. */
export type DraftContent = Omit<Content, 'content_fields'> & {
  content_fields: Record<string, DraftField>;
};

/** Which stored field a field editor shows: a field of the content, or a field of a zone block. */
export type FieldTarget =
  | { kind: 'content'; templateBlockId: string }
  | { kind: 'block'; blockId: string; templateBlockId: string };

export interface FieldEditorProps {
  /** The field's definition in its template (the item's, or the block's widget template). */
  definition: TemplateFieldDefinition;
  target: FieldTarget;
  /** The id the label points at (`htmlFor`); editors put it on their main input. */
  inputId: string;
  label: string;
  /** The definition's tool tip, shown as help text. */
  description: string | null;
  required: boolean;
  /** The stored value as text ('' when empty). */
  value: string;
  onChange: (next: string) => void;
  /** Marks the field touched: its error shows from then on (§4 Picker fields). */
  onBlur: () => void;
  /** True unless the version is a draft locked by the signed-in user. */
  readOnly: boolean;
  /** The message to show, or null: null until the field was touched or a save was attempted. */
  error: string | null;
  /** Attach to the element that takes focus when this is the first invalid field on Save. */
  focusRef: Ref<HTMLElement>;
}

export interface FieldKind {
  Editor: ComponentType<FieldEditorProps>;
  /**
   * Extra rules beyond core's `validateFieldValue` (which the editor always runs first, with
   * the same RE2-compatible regex engine the server uses); null when valid.
   */
  extraCheck?: (definition: TemplateFieldDefinition, value: string) => string | null;
}

/** The item being edited, as the field editors need it. */
export interface EditorItem {
  content_id: string;
  version: number;
  site_id: string | null;
  content_type_id: string;
  media_library_directory: string | null;
}

export interface EditorApi {
  item: EditorItem;
  template: Template;
  readOnly: boolean;
  /** The current draft (read it; change it only through `update`). */
  draft: DraftContent;
  /**
   * Changes the draft with an immer recipe. The recipe sets change statuses itself: `create`
   * for new rows, `edited` for changed existing rows, `delete` for removed existing rows (a
   * created row that is removed again is simply dropped).
   */
  update: (recipe: (draft: DraftContent) => void) => void;
  /** Renders one field with its label, editor, help text, error and focus handling. */
  renderField: (definition: TemplateFieldDefinition, target: FieldTarget) => ReactNode;
  /** New row ids (uuid v4). */
  newId: () => string;
}

export const EditorContext = createContext<EditorApi | null>(null);

/**
 * The item whose fields are shown, for field editors used outside the item editor (the page
 * editor's panel provides it); inside the item editor, the editor's own item.
 */
export const EditedItemContext = createContext<EditorItem | null>(null);

export function useEditedItem(): EditorItem | null {
  const editor = useContext(EditorContext);
  const item = useContext(EditedItemContext);
  return editor?.item ?? item;
}

export function useEditor(): EditorApi {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor must be used inside the item editor');
  return editor;
}

/** The editor of each field type; see fields/registry.ts. */
export type FieldKindRegistry = Record<FieldType, FieldKind>;
