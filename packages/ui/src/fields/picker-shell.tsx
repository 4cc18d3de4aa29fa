/**
 * The frame the picker fields share (Content Reference Picker, Media Library Asset): the value
 * in a text box under the label (an id or an address can be pasted there), the field's commands
 * in one row (pick and Remove first, then the field's own), and the preview of what the value
 * points at below them.
 */
import type { ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconExternalLink, IconListSearch, IconX } from '@tabler/icons-react';
import type { FieldEditorProps } from '../draft';

/** A picked or removed value counts as touched (§4 Picker fields). */
export function commit(field: FieldEditorProps, next: string): void {
  field.onChange(next);
  field.onBlur();
}

export function PickerShell({
  field,
  placeholder,
  pick,
  actions,
  children,
}: {
  field: FieldEditorProps;
  placeholder: string;
  /** The command that opens the picker; none when the value is set elsewhere (read-only box). */
  pick?: { label: string; onClick: () => void };
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap={6} role="group" aria-label={field.label}>
      <TextInput
        id={field.inputId}
        label={field.label}
        description={field.description}
        withAsterisk={field.required}
        placeholder={placeholder}
        value={field.value}
        onChange={(event) => field.onChange(event.currentTarget.value.trim())}
        onBlur={field.onBlur}
        readOnly={field.readOnly || !pick}
        error={field.error}
        ref={field.focusRef as React.Ref<HTMLInputElement>}
      />
      <Group gap="xs">
        {pick && (
          <>
            <Button
              size="xs"
              leftSection={<IconListSearch size={14} aria-hidden />}
              disabled={field.readOnly}
              onClick={pick.onClick}
            >
              {pick.label}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              disabled={field.readOnly || field.value === ''}
              onClick={() => commit(field, '')}
            >
              Remove
            </Button>
          </>
        )}
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** Opens an item of the admin in a new tab; disabled while there is no item to open. */
export function OpenItemButton({ href, label }: { href: string | null; label: string }) {
  const icon = <IconExternalLink size={14} aria-hidden />;
  return href ? (
    <Button
      size="xs"
      variant="default"
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={icon}
    >
      {label}
    </Button>
  ) : (
    <Button size="xs" variant="default" disabled leftSection={icon}>
      {label}
    </Button>
  );
}
