/**
 * The Lock/Unlock button (§4 Lock): Unlock for the owner, Lock otherwise; on published content
 * it creates a draft, with §4's three cases (an open draft exists, an older version, the latest).
 */
import { useMutation } from '@tanstack/react-query';
import { PUBLISHED, lockedByMessage } from '@canopy/core';
import { notify, EDITOR_DIALOGS, EDITOR_TOASTS, asApiError } from '@canopy/ui';
import { draftFromVersion, lock, unlock } from '../queries';
import { useNewDraft } from './create-draft';
import { editorMutationKey, type CommandContext, type Perform } from './context';

export function useLockCommand(ctx: CommandContext): Perform {
  const { content } = ctx;
  const id = content.content_id;
  const newDraft = useNewDraft(ctx);
  const mutation = useMutation({
    mutationKey: editorMutationKey(id),
    mutationFn: (mode: 'lock' | 'unlock') => (mode === 'lock' ? lock(id) : unlock(id)),
    onSuccess: () => ctx.refresh(true),
    onError: async (caught, mode) => {
      const error = asApiError(caught);
      if (error.status === 'Failure') {
        const fallback =
          mode === 'lock'
            ? lockedByMessage(content.locked_by_name ?? '')
            : EDITOR_TOASTS.unlockError;
        notify('Failure', error.message ?? fallback);
      } else notify('error', mode === 'lock' ? EDITOR_TOASTS.lockError : EDITOR_TOASTS.unlockError);
      await ctx.refresh(true);
    },
  });

  const createFromPublished = () => {
    const published = (content.versions ?? []).filter((v) => v.status_id === PUBLISHED);
    const latest = Math.max(content.version, ...published.map((v) => v.version));
    ctx.setDialog({
      kind: 'confirm',
      title: 'Create a draft',
      message:
        content.version === latest
          ? EDITOR_DIALOGS.fromLatestPublished
          : EDITOR_DIALOGS.notLatestPublished,
      onConfirm: () => newDraft(() => draftFromVersion(id, content.version)),
    });
  };

  return (view) => {
    if (view.rule === 'unlock') return mutation.mutate('unlock');
    if (view.rule === 'lock') return mutation.mutate('lock');
    if (view.refusal?.code === 'DRAFT_EXISTS') {
      ctx.setDialog({ kind: 'notice', title: 'Lock', message: EDITOR_DIALOGS.draftExists });
      return;
    }
    createFromPublished();
  };
}
