/**
 * What the page editor's pieces share: the store, the templates the page uses, whether the page
 * is being edited (Edit In-Page on, a draft locked by the signed-in user), the selection, and
 * whether a widget is being dragged.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Template, TemplateFieldDefinition } from '@canopy/core';
import type { DraftContent, FieldTarget } from '@canopy/ui/draft';
import type { FieldOwner } from '@canopy/site/browser';
import type { PageStore } from './store';

export interface Templates {
  /** The item's own template. */
  item: Template;
  /** Widget and container-item templates by id, as far as they are loaded. */
  byId: ReadonlyMap<string, Template>;
}

export interface EditorState {
  store: PageStore;
  templates: Templates;
  /** Edit In-Page is on and the version may be changed: frames show, fields take input. */
  editable: boolean;
  /** Edit In-Page is on (the version may still be read-only). */
  editing: boolean;
  selected: string | null;
  select: (blockId: string | null) => void;
  /** A drag is under way: drop targets show. */
  dragging: boolean;
  /** New row ids. */
  newId: () => string;
  /** Save attempts: once one was made, every field shows its error. */
  attempts: number;
}

export const EditorStateContext = createContext<EditorState | null>(null);

export function useEditorState(): EditorState {
  const state = useContext(EditorStateContext);
  if (!state) throw new Error('useEditorState outside the page editor');
  return state;
}

/**
 * One value read from the draft (text, a number...): the component re-renders only when that
 * value changes, not at every keystroke elsewhere on the page.
 */
export function useDraftValue<T extends string | number | boolean | null>(
  store: PageStore,
  read: (draft: DraftContent) => T,
): T {
  return useSyncExternalStore(store.subscribe, () => read(store.draft));
}

/** A template's one field by its block's name ('Heading'), with the block's id. */
export function fieldByName(
  template: Template | undefined,
  name: string,
): { templateBlockId: string; definition: TemplateFieldDefinition } | null {
  for (const block of Object.values(template?.template_blocks ?? {})) {
    if (block.block_name !== name) continue;
    const definition = Object.values(block.template_fields)[0];
    if (definition) return { templateBlockId: block.block_id, definition };
  }
  return null;
}

/** The template a block of the draft is made of. */
export function blockTemplate(
  draft: DraftContent,
  templates: Templates,
  blockId: string,
): Template | undefined {
  for (const field of Object.values(draft.content_fields))
    for (const region of Object.values(field.dynamic_content_regions)) {
      const block = region.content_blocks[blockId];
      if (block) return templates.byId.get(block.template_id);
    }
  return undefined;
}

/** Where a field shown on the page is stored, and its definition. */
export function resolveField(
  draft: DraftContent,
  templates: Templates,
  owner: FieldOwner,
  name: string,
): { target: FieldTarget; definition: TemplateFieldDefinition } | null {
  if (owner.kind === 'page') {
    const found = fieldByName(templates.item, name);
    return (
      found && {
        target: { kind: 'content', templateBlockId: found.templateBlockId },
        definition: found.definition,
      }
    );
  }
  const found = fieldByName(blockTemplate(draft, templates, owner.id), name);
  return (
    found && {
      target: { kind: 'block', blockId: owner.id, templateBlockId: found.templateBlockId },
      definition: found.definition,
    }
  );
}

/** The item template's dynamic zone of this name: its template block id and definition. */
export function zoneField(templates: Templates, name: string) {
  const found = fieldByName(templates.item, name);
  return found?.definition.field_type === 'Dynamic Zone' ? found : null;
}
