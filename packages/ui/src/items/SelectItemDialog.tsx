/**
 * 'Select Item' (§2 Dialogs, the tree's picker mode): pick an item of the tree, OK and Cancel,
 * the inline error list with §5's restriction message when the item's content type is not one
 * the field allows (one type, a list or a comma-separated string). A picker field roots it at
 * its `picker_root_item`. The list is virtualized and follows the ARIA listbox pattern: arrows
 * move the choice, Enter confirms.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { checkPickerRestriction, type MenuItem } from '@canopy/core';
import { ErrorList } from '../dialogs';
import { activeFilter, FilterInput } from './FilterInput';
import { ItemIcon } from './ItemIcon';
import './select-item.css';

export interface SelectItemDialogProps {
  opened: boolean;
  forest: readonly MenuItem[];
  restriction?: string | readonly string[] | null;
  /** Shows only this item and what lies below it (a picker's `picker_root_item`). */
  rootId?: string | null;
  /** The item chosen when the dialog opens (the field's current reference). */
  initialId?: string | null;
  /** A further rule of the field's own, after the restriction: the message, or null. */
  check?: (item: MenuItem) => string | null;
  onCancel: () => void;
  onSelect: (item: MenuItem) => void;
}

const ROW_HEIGHT = 30;
const LIST_HEIGHT = 300;

function flatten(forest: readonly MenuItem[], level = 0): Array<{ item: MenuItem; level: number }> {
  return forest.flatMap((item) => [{ item, level }, ...flatten(item.children, level + 1)]);
}

/** The item with this id anywhere in the forest, or null. */
export function findItem(forest: readonly MenuItem[], id: string): MenuItem | null {
  for (const item of forest) {
    if (item.content_id === id) return item;
    const found = findItem(item.children, id);
    if (found) return found;
  }
  return null;
}

export function SelectItemDialog({
  opened,
  forest,
  restriction,
  rootId,
  initialId,
  check,
  onCancel,
  onSelect,
}: SelectItemDialogProps) {
  const root = useMemo(() => (rootId ? findItem(forest, rootId) : null), [forest, rootId]);
  const rows = useMemo(
    () => flatten(rootId ? (root ? [root] : []) : forest),
    [forest, root, rootId],
  );
  const [filterText, setFilterText] = useState('');
  const [chosen, setChosen] = useState<MenuItem | null>(() =>
    initialId ? (rows.find(({ item }) => item.content_id === initialId)?.item ?? null) : null,
  );
  const [errors, setErrors] = useState<string[]>([]);
  const filter = activeFilter(filterText);
  // Names in lower case once per list, not once per keystroke.
  const lowerNames = useMemo(() => rows.map(({ item }) => item.content_name.toLowerCase()), [rows]);
  const shown = useMemo(
    () =>
      filter
        ? rows
            .filter((_row, i) => lowerNames[i]!.includes(filter))
            .map(({ item }) => ({ item, level: 0 }))
        : rows,
    [rows, lowerNames, filter],
  );

  const viewport = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The list's height is fixed, so there is nothing to measure.
    initialRect: { width: 0, height: LIST_HEIGHT },
    observeElementRect: (_instance, onRect) => onRect({ width: 0, height: LIST_HEIGHT }),
    initialOffset: () => {
      const index = shown.findIndex(({ item }) => item.content_id === chosen?.content_id);
      return Math.max(0, index * ROW_HEIGHT - LIST_HEIGHT / 2);
    },
  });

  const choose = (item: MenuItem) => {
    setChosen(item);
    setErrors([]);
  };

  const confirm = (item = chosen) => {
    if (!item) {
      setErrors(['Select an item first']);
      return;
    }
    const problem =
      checkPickerRestriction(item.content_type_id, restriction) ?? check?.(item) ?? null;
    if (problem) {
      setErrors([problem]);
      return;
    }
    onSelect(item);
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = shown.findIndex(({ item }) => item.content_id === chosen?.content_id);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at === -1 ? 0 : at - 1,
      Home: 0,
      End: shown.length - 1,
      PageDown: at + Math.floor(LIST_HEIGHT / ROW_HEIGHT),
      PageUp: at - Math.floor(LIST_HEIGHT / ROW_HEIGHT),
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
      return;
    }
    if (!(event.key in moves) || shown.length === 0) return;
    event.preventDefault();
    const next = Math.min(shown.length - 1, Math.max(0, moves[event.key]!));
    choose(shown[next]!.item);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const optionId = (item: MenuItem) => `select-item-${item.content_id}`;
  return (
    <Modal opened={opened} onClose={onCancel} title="Select Item" centered size="md">
      <Stack gap="sm">
        <FilterInput value={filterText} onChange={setFilterText} />
        {rootId && !root && (
          <Text size="sm" c="dimmed">
            This field picks below an item that is not in your tree.
          </Text>
        )}
        <div
          ref={viewport}
          className="canopy-select-item-viewport"
          style={{ height: LIST_HEIGHT }}
          role="listbox"
          aria-label="Items"
          tabIndex={0}
          aria-activedescendant={chosen ? optionId(chosen) : undefined}
          onKeyDown={onListKey}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const { item, level } = shown[row.index]!;
              const selected = chosen?.content_id === item.content_id;
              return (
                <div
                  key={item.content_id}
                  id={optionId(item)}
                  role="option"
                  aria-selected={selected}
                  className="canopy-select-item-option"
                  style={{
                    position: 'absolute',
                    top: 0,
                    transform: `translateY(${row.start}px)`,
                    height: ROW_HEIGHT,
                    paddingLeft: 8 + level * 16,
                  }}
                  onClick={() => choose(item)}
                  onDoubleClick={() => confirm(item)}
                >
                  <ItemIcon item={item} />
                  <Text
                    size="sm"
                    span
                    truncate
                    c={
                      checkPickerRestriction(item.content_type_id, restriction)
                        ? 'dimmed'
                        : undefined
                    }
                  >
                    {item.content_name}
                  </Text>
                </div>
              );
            })}
          </div>
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" p="xs">
              {filter ? 'No item matches the filter.' : 'There is nothing to pick here.'}
            </Text>
          )}
        </div>
        <ErrorList errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => confirm()}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
