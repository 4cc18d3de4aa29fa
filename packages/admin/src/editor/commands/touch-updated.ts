/** §7 updated info: the version names you and now as its last update; unsaved edits stay. */
import { useMutation } from '@tanstack/react-query';
import { notify, EDITOR_TOASTS } from '@canopy/ui';
import { touchUpdatedInfo } from '../queries';
import { editorMutationKey, type CommandContext, type Perform } from './context';

export function useTouchUpdatedCommand(ctx: CommandContext): Perform {
  const { content_id: id, version } = ctx.content;
  const mutation = useMutation({
    mutationKey: editorMutationKey(id),
    mutationFn: () => touchUpdatedInfo(id, version),
    onSuccess: async (stamp) => {
      // The next Save carries the new stamp, so it is not refused as stale.
      ctx.store.update((draft) => {
        draft.updated_date = stamp.updated_date;
      });
      await ctx.refresh();
      notify('success', EDITOR_TOASTS.updatedInfo);
    },
    onError: () => notify('error', EDITOR_TOASTS.updatedInfoError),
  });
  return () => mutation.mutate();
}
