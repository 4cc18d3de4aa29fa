/**
 * The editing commands as controls (DESIGN §6): a label, a shortcut, and the disabled reason
 * read from core's one description of the rules (`refusal`). The admin's item editor and the
 * page editor's toolbars render these same entries; each surface supplies what a command does.
 */
import {
  COMMANDS,
  PUBLISHED,
  refusal,
  type CommandId,
  type Content,
  type Refusal,
  type RefusalCode,
  type WorkflowState,
} from '@canopy/core';

export type EditorCommandId =
  | 'lock'
  | 'save'
  | 'pushToStaging'
  | 'backToDraft'
  | 'deleteDraft'
  | 'createDraft'
  | 'touchUpdated'
  | 'deleteItem'
  | 'publishToPreview'
  | 'publishToDelivery';

export interface EditorCommand {
  id: EditorCommandId;
  /** The core command the control runs in this state (the lock button runs three). */
  rule: (state: WorkflowState) => CommandId;
  label: (state: WorkflowState) => string;
  /** Mantine hotkey notation. */
  shortcut?: string;
  /** Refusals that leave the control enabled: running it explains them in a dialog (§4). */
  explainedOnRun?: readonly RefusalCode[];
}

/** The shown item is locked by the signed-in user (§6 Lock owner, by preferred_username). */
export function lockedByMe(state: WorkflowState): boolean {
  return state.me != null && state.lockedBy === state.me;
}

function fixed(id: CommandId & EditorCommandId, shortcut?: string): EditorCommand {
  return {
    id,
    rule: () => id,
    label: () => COMMANDS[id].title,
    ...(shortcut ? { shortcut } : {}),
  };
}

export const EDITOR_COMMANDS: readonly EditorCommand[] = [
  {
    id: 'lock',
    // §4: Unlock for the owner; on published content Lock creates a draft from it.
    rule: (state) =>
      lockedByMe(state)
        ? 'unlock'
        : state.status === PUBLISHED
          ? 'createDraftFromPublished'
          : 'lock',
    label: (state) => (lockedByMe(state) ? 'Unlock' : 'Lock'),
    explainedOnRun: ['DRAFT_EXISTS'],
  },
  fixed('save', 'mod+S'),
  fixed('pushToStaging'),
  fixed('backToDraft'),
  { ...fixed('deleteDraft'), explainedOnRun: ['ONLY_VERSION'] },
  fixed('createDraft'),
  fixed('touchUpdated'),
  fixed('deleteItem'),
  fixed('publishToPreview'),
  fixed('publishToDelivery'),
];

export function editorCommand(id: EditorCommandId): EditorCommand {
  return EDITOR_COMMANDS.find((command) => command.id === id)!;
}

/** A command as a control shows it in one state. */
export interface CommandView {
  id: EditorCommandId;
  rule: CommandId;
  label: string;
  shortcut?: string;
  /** Null when the control is enabled; otherwise its tooltip. */
  disabledReason: string | null;
  /** Any refusal, including one the command explains when run. */
  refusal: Refusal | null;
}

/** Shown on every command while another one runs. */
export const BUSY_REASON = 'Working…';

export function viewCommand(id: EditorCommandId, state: WorkflowState, busy = false): CommandView {
  const command = editorCommand(id);
  const rule = command.rule(state);
  const refused = refusal(rule, state);
  const explained = refused != null && (command.explainedOnRun ?? []).includes(refused.code);
  return {
    id,
    rule,
    label: command.label(state),
    ...(command.shortcut ? { shortcut: command.shortcut } : {}),
    disabledReason: busy ? BUSY_REASON : explained ? null : (refused?.reason ?? null),
    refusal: refused,
  };
}

/** What the rules read from a loaded version of an item, for the signed-in `me`. */
export function stateOfContent(
  content: Pick<
    Content,
    'version' | 'status_id' | 'locked_by' | 'locked_by_name' | 'permissions' | 'versions'
  >,
  me: string | null,
  dirty?: boolean,
): WorkflowState {
  return {
    permissions: content.permissions,
    status: content.status_id,
    version: content.version,
    lockedBy: content.locked_by,
    lockedByName: content.locked_by_name ?? null,
    me,
    ...(dirty === undefined ? {} : { dirty }),
    ...(content.versions ? { versions: content.versions } : {}),
  };
}
