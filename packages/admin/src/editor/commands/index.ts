/**
 * The item editor's command bar: the registry's commands of `@canopy/ui` in the editor's order,
 * each bound to its own file's mutation, with the registry's shortcuts.
 */
import { useIsMutating } from '@tanstack/react-query';
import { useHotkeys } from '@mantine/hooks';
import { stateOfContent, viewCommand, type CommandView, type EditorCommandId } from '@canopy/ui';
import { useBackToDraftCommand } from './back-to-draft';
import { editorMutationKey, type CommandContext, type Perform } from './context';
import { useCreateDraftCommand } from './create-draft';
import { useDeleteDraftCommand } from './delete-draft';
import { useDeleteItemCommand } from './delete-item';
import { useLockCommand } from './lock';
import { usePushToStagingCommand } from './push-to-staging';
import { useSaveCommand } from './save';
import { useTouchUpdatedCommand } from './touch-updated';

export type { CommandContext, EditorDialog } from './context';

/** The commands of the item editor's header, in their order on screen. */
export const ITEM_EDITOR_COMMANDS = [
  'lock',
  'save',
  'pushToStaging',
  'backToDraft',
  'deleteDraft',
  'createDraft',
  'touchUpdated',
  'deleteItem',
] as const satisfies readonly EditorCommandId[];
export type ItemEditorCommandId = (typeof ITEM_EDITOR_COMMANDS)[number];

export interface BoundCommand extends CommandView {
  id: ItemEditorCommandId;
  perform: () => void;
}

export function useEditorCommands(
  ctx: CommandContext,
  me: string,
): { commands: BoundCommand[]; restore: (from: number) => void; busy: boolean } {
  const createDraft = useCreateDraftCommand(ctx);
  const performers: Record<ItemEditorCommandId, Perform> = {
    lock: useLockCommand(ctx),
    save: useSaveCommand(ctx),
    pushToStaging: usePushToStagingCommand(ctx),
    backToDraft: useBackToDraftCommand(ctx),
    deleteDraft: useDeleteDraftCommand(ctx),
    createDraft: createDraft.perform,
    touchUpdated: useTouchUpdatedCommand(ctx),
    deleteItem: useDeleteItemCommand(ctx),
  };
  const busy = useIsMutating({ mutationKey: editorMutationKey(ctx.content.content_id) }) > 0;
  const state = stateOfContent(ctx.content, me, ctx.store.dirty);
  const commands = ITEM_EDITOR_COMMANDS.map((id): BoundCommand => {
    const view = viewCommand(id, state, busy);
    return { ...view, id, perform: () => performers[id](view) };
  });

  // Shortcuts (Ctrl/Cmd+S saves) work from inside fields too.
  useHotkeys(
    commands
      .filter((command) => command.shortcut)
      .map((command) => [
        command.shortcut!,
        () => command.disabledReason == null && command.perform(),
      ]),
    [],
    true,
  );
  return { commands, restore: createDraft.restore, busy };
}
