/** Dialogs shared by the panels: confirmation, notice (OK only) and the inline error list. */
import type { ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';

interface ConfirmProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
}

/** OK / Cancel; Escape cancels, focus is trapped, OK takes the focus so Enter confirms. */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'OK',
}: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** A message with OK only. */
export function NoticeDialog(props: {
  opened: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm">{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={props.onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}

/** The inline error list of the Add Item and Select Item dialogs. */
export function ErrorList({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" p="xs">
      <List size="sm">
        {errors.map((error) => (
          <List.Item key={error}>{error}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
