/** Delete Draft (§4): version 1 is explained instead; any other draft is deleted after a confirm. */
import { useMutation } from '@tanstack/react-query';
import { notify, EDITOR_DIALOGS, EDITOR_TOASTS } from '@canopy/ui';
import { deleteDraft } from '../queries';
import { editorMutationKey, type CommandContext, type Perform } from './context';

export function useDeleteDraftCommand(ctx: CommandContext): Perform {
  const { content_id: id, version } = ctx.content;
  const mutation = useMutation({
    mutationKey: editorMutationKey(id),
    mutationFn: () => deleteDraft(id, version),
    onSuccess: async () => {
      notify('success', EDITOR_TOASTS.deleted);
      await ctx.refresh(true);
      ctx.goToVersion(null);
    },
    onError: () => notify('error', EDITOR_TOASTS.deleteError),
  });
  return (view) => {
    if (view.refusal?.code === 'ONLY_VERSION') {
      ctx.setDialog({
        kind: 'notice',
        title: EDITOR_DIALOGS.deleteDraftTitle,
        message: EDITOR_DIALOGS.onlyVersion,
      });
      return;
    }
    ctx.setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.deleteDraftTitle,
      message: EDITOR_DIALOGS.confirmDeleteDraft,
      onConfirm: () => mutation.mutate(),
    });
  };
}
