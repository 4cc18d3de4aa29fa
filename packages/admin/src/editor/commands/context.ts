/**
 * What the item editor's commands share: the loaded version, its draft, and the editor's ways to
 * refresh, navigate and ask. Each command is one file (a mutation with its §8 toasts) reading its
 * label, shortcut and disabled reason from the registry of `@canopy/ui`.
 */
import type { RefObject } from 'react';
import type { Content, MenuItem } from '@canopy/core';
import type { CommandView } from '@canopy/ui';
import type { EditorFormHandle } from '../EditorForm';
import type { DraftStore } from '../store';

export type EditorDialog =
  | { kind: 'notice'; title: string; message: string }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel?: string;
      onConfirm: () => void;
    }
  | { kind: 'stale'; current: Content };

export interface CommandContext {
  content: Content;
  store: DraftStore;
  form: RefObject<EditorFormHandle | null>;
  /** The query key the shown version is cached under. */
  queryKey: readonly unknown[];
  trail: MenuItem[];
  /** Refetches the item (and the menus, whose names and locks may have changed). */
  refresh: (alsoMenus?: boolean) => Promise<void>;
  /** Opens a version (null: the newest) without asking about unsaved changes again. */
  goToVersion: (version: number | null) => void;
  /** Leaves the item for another route without asking about unsaved changes again. */
  leave: (path: string) => void;
  setDialog: (dialog: EditorDialog | null) => void;
  setFormErrors: (errors: string[]) => void;
}

/** Runs a command; it gets the view it was clicked in (a refusal it explains, for example). */
export type Perform = (view: CommandView) => void;

/** Every command of one item runs under this key, so one running disables the others. */
export const editorMutationKey = (contentId: string) => ['editor', contentId] as const;
