/** Pieces both micro-app dialogs use: row buttons and the footer with the server's refusal. */
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export function RemoveRowButton(props: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

export function AddRowButton(props: { children: ReactNode; onClick: () => void }) {
  return (
    <Group>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={14} />}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Group>
  );
}

/** The server's refusal (when there is one), then Cancel and the submit button. */
export function DialogFooter(props: {
  problem: string | null;
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {props.problem && (
        <Alert color="red" variant="light" title="Not saved">
          {props.problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={props.saving} disabled={props.disabled}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
