/**
 * New drafts (§4): Create Draft from the shown version, a restore from the history, and Lock on
 * published content all make one and open it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content } from '@canopy/core';
import { notify, EDITOR_TOASTS, asApiError, contentVersionQuery } from '@canopy/ui';
import { createDraft } from '../queries';
import { editorMutationKey, type CommandContext, type Perform } from './context';

/** Runs `make` (a call answering the new draft), then opens the draft it made. */
export function useNewDraft(ctx: CommandContext): (make: () => Promise<Content>) => void {
  const queryClient = useQueryClient();
  const id = ctx.content.content_id;
  const mutation = useMutation({
    mutationKey: editorMutationKey(id),
    mutationFn: (make: () => Promise<Content>) => make(),
    onSuccess: async (draft) => {
      notify('success', EDITOR_TOASTS.draftCreated);
      // Open the new draft from what the server sent, then refresh the rest.
      queryClient.setQueryData(contentVersionQuery(id, draft.version).queryKey, draft);
      ctx.goToVersion(draft.version);
      await ctx.refresh(true);
    },
    onError: (caught) => {
      const error = asApiError(caught);
      if (error.status === 'Failure') notify('Failure', error.message ?? EDITOR_TOASTS.draftError);
      else notify('error', error.message ?? EDITOR_TOASTS.draftError);
    },
  });
  return mutation.mutate;
}

/** Create Draft: a new draft copied from the shown version (or `from`, a restore). */
export function useCreateDraftCommand(ctx: CommandContext): {
  perform: Perform;
  restore: (from: number) => void;
} {
  const newDraft = useNewDraft(ctx);
  const { content_id: id, version } = ctx.content;
  return {
    perform: () => newDraft(() => createDraft(id, version)),
    restore: (from) => newDraft(() => createDraft(id, from)),
  };
}
