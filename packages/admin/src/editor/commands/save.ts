/** Save (§4): the draft's changed rows as one PUT, with the §8 toasts for content and blocks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  EDITOR_TOASTS,
  asApiError,
  menusQuery,
  saveContent,
  storeWrittenContent,
  type SaveBody,
} from '@canopy/ui';
import {
  collectChanges,
  hasChanges,
  keyOfServerError,
  type ServerChangeError,
} from '@canopy/ui/draft';
import { editorMutationKey, type CommandContext, type Perform } from './context';

interface SaveRun {
  body: SaveBody;
  deletesBlocks: boolean;
  deletesBlockFields: boolean;
}

export function useSaveCommand(ctx: CommandContext): Perform {
  const queryClient = useQueryClient();
  const { content, store } = ctx;
  const mutation = useMutation({
    mutationKey: editorMutationKey(content.content_id),
    mutationFn: ({ body }: SaveRun) => saveContent(body),
    onSuccess: async (saved, run) => {
      ctx.setFormErrors([]);
      store.reset(saved);
      // The answer is the saved version: it is cached as it is, not fetched again; the tree
      // shows the item's name, so a new name is read there.
      await storeWrittenContent(queryClient, saved, ctx.queryKey);
      if (saved.content_name !== content.content_name) {
        await queryClient.invalidateQueries({ queryKey: menusQuery().queryKey });
      }
      notify('success', EDITOR_TOASTS.saved);
      if (run.deletesBlocks) notify('success', EDITOR_TOASTS.blockDeleted);
      if (run.deletesBlockFields) notify('success', EDITOR_TOASTS.blockFieldDeleted);
    },
    onError: (caught, run) => {
      const error = asApiError(caught);
      notify('error', EDITOR_TOASTS.saveError);
      if (run.deletesBlocks) notify('error', EDITOR_TOASTS.blockDeleteError);
      if (run.deletesBlockFields) notify('error', EDITOR_TOASTS.blockFieldDeleteError);
      if (error.code === 'STALE_SAVE' && error.current) {
        ctx.setDialog({ kind: 'stale', current: error.current });
        return;
      }
      if (error.code === 'VALIDATION_FAILED' && error.errors) {
        const onFields: Record<string, string> = {};
        const elsewhere: string[] = [];
        for (const problem of error.errors) {
          const key = keyOfServerError(store.draft, problem as ServerChangeError);
          if (key && !onFields[key]) onFields[key] = problem.message;
          else if (!key) elsewhere.push(problem.message);
        }
        store.setServerErrors(onFields);
        ctx.setFormErrors(elsewhere);
        return;
      }
      ctx.setFormErrors([error.message ?? 'The server could not be reached. Try again.']);
    },
  });

  return () => {
    if (!ctx.form.current?.checkBeforeSave()) return;
    const changes = collectChanges(store.draft);
    if (!hasChanges(changes)) return;
    mutation.mutate({
      body: {
        content_id: content.content_id,
        version: content.version,
        updated_date: store.draft.updated_date,
        ...changes,
      },
      deletesBlocks: changes.content_blocks.some((b) => b.cmsItemStatus.delete),
      deletesBlockFields: changes.content_blocks_fields.some((f) => f.cmsItemStatus.delete),
    });
  };
}
