/** The 'Filter Items' box of the tree panel and the item picker (§2, §5: from 3 characters). */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MENU_FILTER_MIN_CHARS } from '@canopy/core';

/** The filter's effective text: applies only from 3 characters on (§5, §9). */
export function activeFilter(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= MENU_FILTER_MIN_CHARS ? trimmed.toLowerCase() : null;
}

export function FilterInput(props: {
  value: string;
  onChange: (value: string) => void;
  flex?: number;
}) {
  return (
    <TextInput
      flex={props.flex}
      size="xs"
      placeholder="Filter Items"
      aria-label="Filter Items"
      leftSection={<IconSearch size={14} aria-hidden />}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}
