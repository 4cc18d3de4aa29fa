/** Push to Staging and Back to Draft (§4): a status change of the shown version. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAGED, type VersionStatus } from '@canopy/core';
import { notify, EDITOR_TOASTS, asApiError } from '@canopy/ui';
import { setStatus } from '../queries';
import { editorMutationKey, type CommandContext } from './context';

type Target = typeof STAGED | Extract<VersionStatus, 'draft'>;

export function useChangeStatus(ctx: CommandContext): (to: Target) => void {
  const queryClient = useQueryClient();
  const { content, store } = ctx;
  const mutation = useMutation({
    mutationKey: editorMutationKey(content.content_id),
    mutationFn: (to: Target) => setStatus(content.content_id, content.version, to),
    onSuccess: async (next, to) => {
      store.reset(next);
      queryClient.setQueryData(ctx.queryKey, next);
      await ctx.refresh(true);
      notify(
        'success',
        to === STAGED
          ? `Version ${content.version} has been pushed to staging`
          : `Version ${content.version} is a draft again`,
      );
    },
    onError: (caught) => notify('error', asApiError(caught).message ?? EDITOR_TOASTS.saveError),
  });
  return mutation.mutate;
}
