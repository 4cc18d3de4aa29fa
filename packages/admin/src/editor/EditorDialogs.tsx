/**
 * The item editor's dialogs: 'Not Saved' when leaving with unsaved changes (§4), the commands'
 * notices and confirms, and a stale save ("Reload to see Nina's changes").
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { ConfirmDialog, NoticeDialog, EDITOR_DIALOGS, staleSaveMessage } from '@canopy/ui';
import type { Blocker } from 'react-router';
import type { EditorDialog } from './commands';

export interface EditorDialogsProps {
  blocker: Blocker;
  dialog: EditorDialog | null;
  onClose: () => void;
  /** Stale save: show the newer version, dropping the edits. */
  onReload: (current: EditorDialog & { kind: 'stale' }) => void;
}

export function EditorDialogs({ blocker, dialog, onClose, onReload }: EditorDialogsProps) {
  const staleName =
    dialog?.kind === 'stale'
      ? (dialog.current.updated_by_name ?? dialog.current.updated_by ?? 'Someone')
      : '';
  return (
    <>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={EDITOR_DIALOGS.notSavedTitle}
        centered
      >
        <Text size="sm">{EDITOR_DIALOGS.notSaved}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {EDITOR_DIALOGS.discard}
          </Button>
        </Group>
      </Modal>
      <NoticeDialog
        opened={dialog?.kind === 'notice'}
        title={dialog?.kind === 'notice' ? dialog.title : ''}
        message={dialog?.kind === 'notice' ? dialog.message : ''}
        onClose={onClose}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' ? dialog.title : ''}
        message={dialog?.kind === 'confirm' ? dialog.message : ''}
        confirmLabel={dialog?.kind === 'confirm' ? dialog.confirmLabel : undefined}
        onCancel={onClose}
        onConfirm={() => {
          if (dialog?.kind === 'confirm') dialog.onConfirm();
          onClose();
        }}
      />
      <Modal
        opened={dialog?.kind === 'stale'}
        onClose={onClose}
        title="Someone else saved this version"
        centered
      >
        <Text size="sm">{staleSaveMessage(staleName)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Keep editing
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              if (dialog?.kind === 'stale') onReload(dialog);
              onClose();
            }}
          >
            Reload
          </Button>
        </Group>
      </Modal>
    </>
  );
}
