/** Push to Staging (§4), asking first when there are unsaved changes (they are not included). */
import { STAGED } from '@canopy/core';
import { EDITOR_DIALOGS } from '@canopy/ui';
import { useChangeStatus } from './change-status';
import type { CommandContext, Perform } from './context';

export function usePushToStagingCommand(ctx: CommandContext): Perform {
  const changeStatus = useChangeStatus(ctx);
  return () => {
    if (!ctx.store.dirty) return changeStatus(STAGED);
    ctx.setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.unsavedTitle,
      message: EDITOR_DIALOGS.unsavedPush,
      confirmLabel: 'Push to Staging',
      onConfirm: () => changeStatus(STAGED),
    });
  };
}
