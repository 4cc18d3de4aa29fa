/**
 * 'Select Item' (§2 Dialogs, the tree's picker mode): pick an item of the tree, OK and Cancel,
 * the inline error list with §5's restriction message when the item's content type is not one
 * the field allows (one type, a list or a comma-separated string).
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { checkPickerRestriction, type MenuItem } from '@canopy/core';
import { ErrorList } from '@canopy/ui';
import { activeFilter } from '../tree/forest';
import { FilterInput } from '../tree/FilterInput';
import { ItemIcon } from '../tree/icons';
import classes from './select-item.module.css';

export interface SelectItemDialogProps {
  opened: boolean;
  forest: readonly MenuItem[];
  restriction?: string | readonly string[] | null;
  onCancel: () => void;
  onSelect: (item: MenuItem) => void;
}

function flatten(forest: readonly MenuItem[], level = 0): Array<{ item: MenuItem; level: number }> {
  return forest.flatMap((item) => [{ item, level }, ...flatten(item.children, level + 1)]);
}

export function SelectItemDialog({
  opened,
  forest,
  restriction,
  onCancel,
  onSelect,
}: SelectItemDialogProps) {
  const rows = useMemo(() => flatten(forest), [forest]);
  const [filterText, setFilterText] = useState('');
  const [chosen, setChosen] = useState<MenuItem | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const filter = activeFilter(filterText);
  const shown = filter
    ? rows
        .filter(({ item }) => item.content_name.toLowerCase().includes(filter))
        .map(({ item }) => ({ item, level: 0 }))
    : rows;

  const confirm = () => {
    if (!chosen) {
      setErrors(['Select an item first']);
      return;
    }
    const problem = checkPickerRestriction(chosen.content_type_id, restriction);
    if (problem) {
      setErrors([problem]);
      return;
    }
    onSelect(chosen);
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Select Item" centered size="md">
      <Stack gap="sm">
        <FilterInput value={filterText} onChange={setFilterText} />
        <ScrollArea h={300} type="auto">
          <div role="listbox" aria-label="Items">
            {shown.map(({ item, level }) => (
              <UnstyledButton
                key={item.content_id}
                role="option"
                aria-selected={chosen?.content_id === item.content_id}
                className={classes.option}
                style={{ paddingLeft: 8 + level * 16 }}
                onClick={() => {
                  setChosen(item);
                  setErrors([]);
                }}
                onDoubleClick={confirm}
              >
                <ItemIcon item={item} />
                <Text size="sm" span>
                  {item.content_name}
                </Text>
              </UnstyledButton>
            ))}
          </div>
        </ScrollArea>
        <ErrorList errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={confirm}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
