/**
 * The item editor's commands as registered actions (DESIGN §6): a label, a shortcut, and an
 * enabled rule from §4 and §6 that says in words why a command is not available. Buttons, the
 * keyboard and (later) the in-page toolbar use these same rules; each screen supplies `perform`.
 */
import type { Content, Permission, VersionStatus } from '@canopy/core';

export type EditorActionId =
  'lock' | 'save' | 'pushToStaging' | 'backToDraft' | 'deleteDraft' | 'createDraft' | 'deleteItem';

/** What the rules read: the shown version, who is signed in, and whether there are edits. */
export interface ActionState {
  content: Pick<
    Content,
    'version' | 'status_id' | 'locked_by' | 'locked_by_name' | 'permissions' | 'versions'
  >;
  /** The signed-in user's preferred_username (§6 Lock owner). */
  me: string | null;
  dirty: boolean;
}

export interface EditorActionRule {
  id: EditorActionId;
  label: (state: ActionState) => string;
  /** Mantine hotkey notation. */
  shortcut?: string;
  /** Null when the command may run; otherwise why not, as the disabled button's tooltip. */
  disabledReason: (state: ActionState) => string | null;
}

export function lockedByMe(state: ActionState): boolean {
  return state.me != null && state.content.locked_by === state.me;
}

function ownerName(state: ActionState): string {
  return state.content.locked_by_name ?? state.content.locked_by ?? 'someone else';
}

function needs(permission: Permission, doing: string) {
  return (state: ActionState): string | null =>
    state.content.permissions.includes(permission)
      ? null
      : `You need the ${permission} permission on this item to ${doing}`;
}

/** §6: the content locked by you and a version of the given status. */
function lockedVersion(status: VersionStatus, passive: string, active: string) {
  return (state: ActionState): string | null => {
    const { content } = state;
    if (content.status_id !== status) {
      return `Only a ${status} version can ${passive}; version ${content.version} is ${content.status_id}`;
    }
    if (content.locked_by && !lockedByMe(state)) return `Locked by ${ownerName(state)}`;
    if (!lockedByMe(state)) return `Lock the content to ${active}`;
    return null;
  };
}

function firstReason(...rules: Array<(state: ActionState) => string | null>) {
  return (state: ActionState) => {
    for (const rule of rules) {
      const reason = rule(state);
      if (reason) return reason;
    }
    return null;
  };
}

/** The non-published version of an item, if it has one (there is at most one). */
export function openVersion(state: ActionState) {
  return state.content.versions?.find((v) => v.status_id !== 'published') ?? null;
}

export const EDITOR_ACTIONS: readonly EditorActionRule[] = [
  {
    id: 'lock',
    label: (state) => (lockedByMe(state) ? 'Unlock' : 'Lock'),
    disabledReason: firstReason(needs('Edit', 'lock it'), (state) =>
      state.content.locked_by && !lockedByMe(state) ? `Locked by ${ownerName(state)}` : null,
    ),
  },
  {
    id: 'save',
    label: () => 'Save',
    shortcut: 'mod+S',
    disabledReason: firstReason(
      needs('Edit', 'save it'),
      lockedVersion('draft', 'be saved', 'save it'),
      (state) => (state.dirty ? null : 'There are no changes to save'),
    ),
  },
  {
    id: 'pushToStaging',
    label: () => 'Push to Staging',
    disabledReason: firstReason(
      needs('Edit', 'stage it'),
      lockedVersion('draft', 'be staged', 'push it to staging'),
    ),
  },
  {
    id: 'backToDraft',
    label: () => 'Back to Draft',
    disabledReason: firstReason(
      needs('Edit', 'move it back to draft'),
      lockedVersion('staged', 'go back to draft', 'move it back to draft'),
    ),
  },
  {
    id: 'deleteDraft',
    label: () => 'Delete Draft',
    disabledReason: firstReason(
      needs('Edit', 'delete a draft'),
      lockedVersion('draft', 'be deleted as a draft', 'delete this draft'),
    ),
  },
  {
    id: 'createDraft',
    label: () => 'Create Draft',
    disabledReason: firstReason(
      needs('Edit', 'create a draft'),
      (state) =>
        state.content.locked_by && !lockedByMe(state) ? `Locked by ${ownerName(state)}` : null,
      (state) => {
        const open = openVersion(state);
        return open ? `Version ${open.version} is ${open.status_id}: edit that one` : null;
      },
    ),
  },
  {
    id: 'deleteItem',
    label: () => 'Delete item',
    disabledReason: firstReason(needs('Delete', 'delete it'), (state) =>
      state.content.locked_by && !lockedByMe(state) ? `Locked by ${ownerName(state)}` : null,
    ),
  },
];

export function actionRule(id: EditorActionId): EditorActionRule {
  return EDITOR_ACTIONS.find((rule) => rule.id === id)!;
}
