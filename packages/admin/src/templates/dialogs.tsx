/** The template editor's questions: a stale save, and leaving with unsaved changes (§4 'Not Saved'). */
import { Button, Group, Modal, Text } from '@mantine/core';

export function StaleDialog(props: {
  message: string | null;
  onReload: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={props.message !== null}
      onClose={props.onCancel}
      title="Someone else changed this template"
      centered
    >
      <Text size="sm">{props.message}</Text>
      <Text size="sm" mt="xs">
        Reload to see their changes (yours are discarded), or keep editing to copy what you need
        first.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          Keep editing
        </Button>
        <Button onClick={props.onReload} data-autofocus>
          Reload
        </Button>
      </Group>
    </Modal>
  );
}

export function NotSavedDialog(props: {
  opened: boolean;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title="Not Saved" centered>
      <Text size="sm">This template has changes that are not saved.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={props.onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
}
