/**
 * The page editor's one store: the draft of the version being edited (the same DraftContent and
 * change statuses as the admin's item editor, so a Save is the same call), the page model the
 * site's components render from it, and an undo stack of drafts. A field edit re-renders only
 * the widget it belongs to: the store tells that widget's subscribers; a change of the page's
 * structure (its own fields, a zone's blocks) re-renders the page.
 */
import { produce } from 'immer';
import type { Content } from '@canopy/core';
import { collectChanges, hasChanges, toDraft, type DraftContent } from '@canopy/ui/draft';
import {
  assemblePage,
  type BuildContext,
  type PageModel,
  type StoredRows,
  type WidgetModel,
} from '@canopy/site/browser';

/** How many steps Undo goes back at most. */
export const UNDO_LIMIT = 100;

type Listener = () => void;

/** The stored rows of a draft as the database gives them to the site's page assembler. */
export function draftRows(draft: DraftContent): StoredRows {
  const rows: StoredRows = [[], [], [], []];
  for (const field of Object.values(draft.content_fields)) {
    if (field.cmsItemStatus?.delete) continue;
    rows[0].push([field.field_id, field.template_block_id, field.field_value, field.content_ref]);
    for (const region of Object.values(field.dynamic_content_regions)) {
      if (region.cmsItemStatus?.delete) continue;
      rows[1].push([
        region.region_id,
        field.field_id,
        region.region_value == null ? null : JSON.stringify(region.region_value),
      ]);
      for (const block of Object.values(region.content_blocks)) {
        if (block.cmsItemStatus?.delete) continue;
        rows[2].push([block.block_id, region.region_id, block.template_id, 1]);
        for (const value of Object.values(block.content_blocks_fields)) {
          if (value.cmsItemStatus?.delete) continue;
          rows[3].push([block.block_id, value.template_block_id, value.field_value]);
        }
      }
    }
  }
  return rows;
}

/** A page's shape without its widgets' fields: when it is unchanged, only widgets re-render. */
function structureOf(model: PageModel): string {
  const shape = (widgets: WidgetModel[]): unknown =>
    widgets.map((w) => [w.id, w.layout, shape(w.children)]);
  return JSON.stringify([
    model.name,
    model.url,
    model.fields,
    Object.entries(model.zones).map(([name, widgets]) => [name, shape(widgets)]),
  ]);
}

export class PageStore {
  private content: Content;
  private draftValue: DraftContent;
  private past: DraftContent[] = [];
  private future: DraftContent[] = [];
  private modelValue: PageModel;
  private structure: string;
  private widgets = new Map<string, { model: WidgetModel; json: string }>();
  private readonly pageListeners = new Set<Listener>();
  private readonly widgetListeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly context: BuildContext,
    private readonly pageUrl: string,
    content: Content,
  ) {
    this.content = content;
    this.draftValue = toDraft(content);
    this.modelValue = this.assemble();
    this.structure = structureOf(this.modelValue);
    this.indexWidgets(this.modelValue);
  }

  get draft(): DraftContent {
    return this.draftValue;
  }

  get model(): PageModel {
    return this.modelValue;
  }

  /** The content as the server last sent it. */
  get loaded(): Content {
    return this.content;
  }

  get dirty(): boolean {
    return hasChanges(collectChanges(this.draftValue));
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Changes the draft with an immer recipe (see the admin's EditorApi.update); undoable. */
  update = (recipe: (draft: DraftContent) => void): void => {
    const next = produce(this.draftValue, recipe);
    if (next === this.draftValue) return;
    this.past.push(this.draftValue);
    if (this.past.length > UNDO_LIMIT) this.past.shift();
    this.future = [];
    this.show(next);
  };

  undo = (): void => {
    const previous = this.past.pop();
    if (!previous) return;
    this.future.push(this.draftValue);
    this.show(previous);
  };

  redo = (): void => {
    const next = this.future.pop();
    if (!next) return;
    this.past.push(this.draftValue);
    this.show(next);
  };

  /** Takes a draft kept from an earlier visit: its changes come back (undoable). */
  restore = (draft: DraftContent): void => {
    this.past.push(this.draftValue);
    this.future = [];
    this.show(draft, true);
  };

  /** Shows a draft made elsewhere (the admin's form, for its live page): not an undo step. */
  preview = (draft: DraftContent): void => {
    this.past = [];
    this.future = [];
    this.show(draft);
  };

  /** A newer reply about the same saved state (its lock or its versions changed): kept, draft untouched. */
  refreshItem(content: Content): void {
    this.content = content;
    for (const listener of this.pageListeners) listener();
  }

  /** Starts over from what the server sent (after a load, a save, a lock or a status change). */
  reset(content: Content): void {
    this.content = content;
    this.past = [];
    this.future = [];
    this.show(toDraft(content), true);
  }

  widget = (id: string): WidgetModel | undefined => this.widgets.get(id)?.model;

  subscribeWidget = (id: string, listener: Listener): (() => void) => {
    let set = this.widgetListeners.get(id);
    if (!set) this.widgetListeners.set(id, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };

  /** Hears of every change of the draft (toolbars, panel) and of the page's structure. */
  subscribe = (listener: Listener): (() => void) => {
    this.pageListeners.add(listener);
    return () => this.pageListeners.delete(listener);
  };

  private show(draft: DraftContent, always = false): void {
    this.draftValue = draft;
    const model = this.assemble();
    const structure = structureOf(model);
    const changed = this.indexWidgets(model);
    if (always || structure !== this.structure) {
      this.structure = structure;
      this.modelValue = model;
    }
    for (const id of changed) this.widgetListeners.get(id)?.forEach((listener) => listener());
    this.pageListeners.forEach((listener) => listener());
  }

  private assemble(): PageModel {
    const draft = this.draftValue;
    return assemblePage(this.context, {
      url: this.pageUrl,
      contentId: draft.content_id,
      name: draft.content_name,
      templateId: draft.template_id,
      stamp: '',
      rows: JSON.stringify(draftRows(draft)),
    }).model;
  }

  /** Keeps each widget's newest model; answers the ids whose model changed. */
  private indexWidgets(model: PageModel): string[] {
    const changed: string[] = [];
    const seen = new Map<string, { model: WidgetModel; json: string }>();
    const visit = (widgets: WidgetModel[]) => {
      for (const widget of widgets) {
        visit(widget.children);
        const json = JSON.stringify(widget);
        const before = this.widgets.get(widget.id);
        if (before && before.json === json) seen.set(widget.id, before);
        else {
          seen.set(widget.id, { model: widget, json });
          if (before) changed.push(widget.id);
        }
      }
    };
    for (const widgets of Object.values(model.zones)) visit(widgets);
    this.widgets = seen;
    return changed;
  }
}
