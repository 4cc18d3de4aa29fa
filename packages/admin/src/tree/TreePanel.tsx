/**
 * The navigation tree panel (§2): filter, options menu, the virtualized tree (@headless-tree
 * over @tanstack/react-virtual, ARIA tree keyboard), Add Item; in permissions-editor mode each
 * row shows a role's permissions (permissions.tsx).
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useHref, useNavigate, useSearchParams } from 'react-router';
import {
  buildProxiedInstance,
  dragAndDropFeature,
  hotkeysCoreFeature,
  selectionFeature,
  syncDataLoaderFeature,
  type TreeState,
} from '@headless-tree/core';
import { useTree } from '@headless-tree/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ActionIcon, Box, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconDots, IconLock, IconPlus } from '@tabler/icons-react';
import { canDragItem, type MenuItem } from '@canopy/core';
import { Authorized, WithReason } from '@canopy/ui';
import {
  ROOT_ID,
  activeFilter,
  filterItems,
  goneItem,
  isShown,
  itemRoute,
  type ForestIndex,
} from './forest';
import { FilterInput, ItemIcon } from '@canopy/ui/items';
import { useMoveFlow } from './use-move';
import { usePermissionsEditor } from './permissions';
import classes from './tree.module.css';

const ROW_HEIGHT = 30;
const INDENT = 16;

/**
 * The filter box keeps its own text, so a keystroke re-renders the box alone at once; the tree
 * follows in a transition (interrupted by the next keystroke), rendering its rows once.
 */
function TreeFilter({ onChange }: { onChange: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <FilterInput
      flex={1}
      value={text}
      onChange={(value) => {
        setText(value);
        startTransition(() => onChange(value));
      }}
    />
  );
}

interface TreePanelProps {
  index: ForestIndex;
  selectedId: string | null;
  expanded: string[];
  onExpandedChange: (expanded: string[]) => void;
  onAddItem: () => void;
}

export function TreePanel({
  index,
  selectedId,
  expanded,
  onExpandedChange,
  onAddItem,
}: TreePanelProps) {
  const navigate = useNavigate();
  const [filterText, setFilterText] = useState('');
  const [reorder, setReorder] = useState(false);
  const [editingPermissions, setEditingPermissions] = useState(false);
  const permissions = usePermissionsEditor(index, editingPermissions);
  // '?permissions=<role id>' (from Settings) opens the permissions editor on that role.
  const [params, setParams] = useSearchParams();
  const askedRole = params.get('permissions');
  const { chooseRole } = permissions;
  useEffect(() => {
    if (!askedRole) return;
    setEditingPermissions(true);
    chooseRole(askedRole);
    setParams(
      (current) => {
        current.delete('permissions');
        return current;
      },
      { replace: true },
    );
  }, [askedRole, chooseRole, setParams]);
  const filter = activeFilter(filterText);
  const matches = useMemo(() => (filter ? filterItems(index, filter) : null), [index, filter]);
  const { move, dialogs } = useMoveFlow(index);
  const scrollRef = useRef<HTMLDivElement | null>(null);

  const [state, setState] = useState<Partial<TreeState<MenuItem>>>(() => ({
    // A deep link opens with its item revealed.
    expandedItems: [
      ...new Set([
        ...expanded,
        ...(selectedId && index.items.has(selectedId)
          ? index.ancestry(selectedId).slice(0, -1)
          : []),
      ]),
    ],
    selectedItems: selectedId ? [selectedId] : [],
    focusedItem: selectedId,
  }));

  // The route decides the selection: a deep link selects and reveals its item.
  useEffect(() => {
    if (!selectedId || !index.items.has(selectedId)) return;
    const ancestors = index.ancestry(selectedId).slice(0, -1);
    setState((previous) => ({
      ...previous,
      selectedItems: [selectedId],
      focusedItem: selectedId,
      expandedItems: [...new Set([...(previous.expandedItems ?? []), ...ancestors])],
    }));
  }, [selectedId, index]);

  useEffect(() => {
    if (state.expandedItems) onExpandedChange(state.expandedItems);
  }, [state.expandedItems, onExpandedChange]);

  // Tab reaches the tree at its focused row; when that item has no row (filtered out, or in a
  // folded branch) at the first row, as the tree does when no item is focused. The focus the
  // state keeps comes back with its row.
  const focusedShown =
    !state.focusedItem || isShown(index, state.focusedItem, matches, state.expandedItems ?? []);
  const shownState = useMemo(
    () => (focusedShown ? state : { ...state, focusedItem: null }),
    [state, focusedShown],
  );

  const tree = useTree<MenuItem>({
    state: shownState,
    setState,
    rootItemId: ROOT_ID,
    indent: INDENT,
    getItemName: (item) => item.getItemData()?.content_name ?? '',
    isItemFolder: (item) => !matches && (index.children.get(item.getId())?.length ?? 0) > 0,
    dataLoader: {
      getItem: (id) => index.items.get(id) ?? goneItem(id),
      getChildren: (id) =>
        id === ROOT_ID && matches ? matches : matches ? [] : (index.children.get(id) ?? []),
    },
    onPrimaryAction: (item) => navigate(itemRoute(item.getItemData())),
    scrollToItem: (item) => virtualizer.scrollToIndex(item.getItemMeta().index),
    canReorder: true,
    canDrag: (items) =>
      reorder && !matches && items.every((item) => canDragItem(item.getItemData())),
    // Every drop is let through and checked after it (DESIGN §6): a refusal must be explained.
    canDrop: () => true,
    onDrop: (items, target) => {
      const dragged = items[0];
      if (!dragged) return;
      const parentId = target.item.getId();
      const position =
        'childIndex' in target && typeof target.childIndex === 'number'
          ? target.childIndex
          : (index.children.get(parentId)?.length ?? 0);
      move(dragged.getId(), parentId, position);
    },
    features: [syncDataLoaderFeature, selectionFeature, hotkeysCoreFeature, dragAndDropFeature],
    // An item's methods are looked up when called rather than bound up front for every item:
    // a filter matching 20,000 items would otherwise allocate a million closures.
    instanceBuilder: buildProxiedInstance,
  });

  // The flat list follows a new menu or filter in the very render that brings it: the tree
  // rebuilds it on getItems() below, instead of in an effect that renders everything once more
  // (a frame later) with the rows it built.
  const builtFrom = useRef<{ index: ForestIndex; matches: string[] | null } | null>(null);
  if (builtFrom.current?.index !== index || builtFrom.current.matches !== matches) {
    builtFrom.current = { index, matches };
    tree.scheduleRebuildTree();
  }
  // Expanded items changed from outside the tree (a deep link revealing its item).
  useEffect(() => tree.rebuildTree(), [tree, state.expandedItems]);

  const items = tree.getItems();
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  const selected = selectedId ? index.items.get(selectedId) : undefined;
  // Rows are plain markup, drawn anew for every filter: their names link to the item's address
  // (for a new tab) without a router link each; a click is the row's.
  const base = useHref('/').replace(/\/$/, '');

  return (
    <Stack gap={0} h="100%">
      <Group gap={4} p="xs" wrap="nowrap">
        <TreeFilter onChange={setFilterText} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Tree options">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setReorder((on) => !on)}>
              {reorder ? 'Disable Reorder Menu Items' : 'Reorder Menu Items'}
            </Menu.Item>
            <Menu.Item onClick={() => setEditingPermissions((on) => !on)}>
              {editingPermissions ? 'Close Permissions Editor' : 'Edit Permissions'}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {reorder && (
        <Text size="xs" c="dimmed" px="sm" pb={4}>
          Reorder mode: drag items to move them.
        </Text>
      )}
      {editingPermissions && permissions.header}
      <Box ref={scrollRef} className={classes.scroller} flex={1}>
        {items.length === 0 && (
          <Text size="sm" c="dimmed" p="md">
            {matches ? `No items match "${filterText.trim()}".` : 'There are no items to show.'}
          </Text>
        )}
        <div
          {...tree.getContainerProps('Content tree')}
          className={classes.tree}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            if (!item) return null;
            const data = item.getItemData();
            const level = item.getItemMeta().level;
            const props = item.getProps();
            const trail =
              !editingPermissions && matches && data.path
                ? index
                    .ancestry(data.content_id)
                    .slice(0, -1)
                    .map((id) => index.items.get(id)?.content_name)
                    .join(' / ')
                : '';
            return (
              <div
                key={item.getId()}
                {...props}
                ref={item.registerElement}
                className={classes.row}
                data-selected={item.isSelected() || undefined}
                data-focused={item.isFocused() || undefined}
                data-drop={item.isDragTarget() || undefined}
                // Filtered, the row shows where its item sits after its name, and says so too (a
                // voice command names what it sees: WCAG 2.5.3).
                aria-label={trail ? `${data.content_name} ${trail}` : props['aria-label']}
                style={{
                  transform: `translateY(${row.start}px)`,
                  paddingLeft: 6 + level * INDENT,
                }}
                // A click selects and opens; only the arrow expands or collapses.
                onClick={() => {
                  item.setFocused();
                  item.select();
                  void navigate(itemRoute(data));
                }}
                onKeyDown={(event) => {
                  props.onKeyDown?.(event);
                  if (event.key === 'Enter') void navigate(itemRoute(data));
                  // Keyboard moves in reorder mode: Alt+Up / Alt+Down, under the same rules.
                  const step = { ArrowUp: -1, ArrowDown: 2 }[event.key];
                  if (reorder && event.altKey && step && data.parent_id && canDragItem(data)) {
                    event.preventDefault();
                    event.stopPropagation();
                    const siblings = index.children.get(data.parent_id) ?? [];
                    const at = siblings.indexOf(data.content_id) + step;
                    if (at >= 0 && at <= siblings.length) move(data.content_id, data.parent_id, at);
                  }
                }}
              >
                <span
                  className={classes.arrow}
                  data-expanded={item.isExpanded() || undefined}
                  aria-hidden
                  onClick={(event) => {
                    event.stopPropagation();
                    if (item.isExpanded()) item.collapse();
                    else item.expand();
                  }}
                >
                  {item.isFolder() && <IconChevronRight size={14} />}
                </span>
                <ItemIcon item={data} />
                <a
                  className={classes.name}
                  href={base + itemRoute(data)}
                  tabIndex={-1}
                  onClick={(event) => event.preventDefault()}
                >
                  {data.content_name}
                </a>
                {data.is_locked === 1 && data.locked_by && (
                  <span
                    className={classes.lock}
                    role="img"
                    aria-label={`Locked by ${data.locked_by}`}
                    title={`Locked by ${data.locked_by}`}
                  >
                    <IconLock size={12} aria-hidden />
                  </span>
                )}
                {editingPermissions && permissions.columns(data)}
                {trail && (
                  <>
                    {' '}
                    <span className={classes.trail}>{trail}</span>
                  </>
                )}
              </div>
            );
          })}
          <div style={tree.getDragLineStyle()} className={classes.dragLine} />
        </div>
      </Box>
      <Box p="xs" className={classes.footer}>
        {selected ? (
          <Authorized
            permissions={selected.permissions}
            expected="Create"
            fallback={
              <Text size="sm" c="dimmed" ta="center">
                No access
              </Text>
            }
          >
            <Button fullWidth size="xs" leftSection={<IconPlus size={14} />} onClick={onAddItem}>
              Add Item
            </Button>
          </Authorized>
        ) : (
          <WithReason reason="Select an item to add a child to it" display="block">
            <Button fullWidth size="xs" leftSection={<IconPlus size={14} />} disabled>
              Add Item
            </Button>
          </WithReason>
        )}
      </Box>
      {dialogs}
      {permissions.dialog}
    </Stack>
  );
}
