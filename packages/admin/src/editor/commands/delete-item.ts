/** Delete item: every version goes, after a confirm; the editor then shows the parent. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentKeys, notify, EDITOR_DIALOGS, EDITOR_TOASTS } from '@canopy/ui';
import { itemRoute } from '../../tree/forest';
import { deleteItem } from '../queries';
import { editorMutationKey, type CommandContext, type Perform } from './context';

export function useDeleteItemCommand(ctx: CommandContext): Perform {
  const queryClient = useQueryClient();
  const { content_id: id, content_name: name } = ctx.content;
  const mutation = useMutation({
    mutationKey: editorMutationKey(id),
    mutationFn: () => deleteItem(id),
    onSuccess: async () => {
      notify('success', EDITOR_TOASTS.deleted);
      queryClient.removeQueries({ queryKey: contentKeys.item(id) });
      await queryClient.invalidateQueries({ queryKey: ['menus'] });
      const parent = ctx.trail.at(-2);
      ctx.leave(parent ? itemRoute(parent) : '/');
    },
    onError: () => notify('error', EDITOR_TOASTS.deleteError),
  });
  return () =>
    ctx.setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.deleteItemTitle,
      message: `Are you sure you want to delete "${name}"? Every version of it is deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () => mutation.mutate(),
    });
}
