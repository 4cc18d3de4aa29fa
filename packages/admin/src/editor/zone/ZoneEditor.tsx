/**
 * The Dynamic Zone field editor: the zone's layout (§3 Dynamic region) as a list of blocks with
 * their fields; blocks are added from the zone's allowed widgets, moved by dragging or from their
 * Actions menu, and removed (§4 Layout moves). Every change goes into the item editor's draft;
 * Save sends it.
 */
import { Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emptyZoneLayout, type LayoutPlacement, type Template } from '@canopy/core';
import {
  useEditor,
  type DraftContent,
  type FieldEditorProps,
  addBlock,
  moveBlock,
  removeBlock,
  restoreBlock,
  zoneLayout,
  zoneRegion,
  type ZoneOutcome,
} from '@canopy/ui/draft';
import { AddBlockMenu } from './AddBlockMenu';
import { ZoneContext, type ZoneApi } from './context';
import { dropPlacement, droppableNode, pointerY, zoneCollisions } from './dnd';
import { ZONE_TEXTS } from './texts';
import { useZoneWidgets } from './widgets';
import { StateBadge, ZoneList } from './ZoneBlocks';
import classes from './zone.module.css';

/** Ids made before a change, so a recipe that runs twice makes the same rows. */
function idSupply(ids: string[]): () => string {
  let next = 0;
  return () => {
    const id = ids[next++];
    if (id === undefined) throw new Error('The zone ran out of new ids');
    return id;
  };
}

export function ZoneEditor(props: FieldEditorProps) {
  const editor = useEditor();
  if (props.target.kind !== 'content') {
    return (
      <Input.Wrapper label={props.label} description={props.description}>
        <Text size="sm" c="dimmed">
          A zone inside a block is edited in the page&apos;s own zone.
        </Text>
      </Input.Wrapper>
    );
  }
  return <ContentZone {...props} templateBlockId={props.target.templateBlockId} editor={editor} />;
}

function ContentZone({
  templateBlockId,
  editor,
  ...props
}: FieldEditorProps & {
  templateBlockId: string;
  editor: ReturnType<typeof useEditor>;
}) {
  const { draft, update, newId, renderField } = editor;
  const readOnly = props.readOnly || editor.readOnly;
  const region = zoneRegion(draft, templateBlockId);
  const layout = useMemo(
    () => (region ? zoneLayout(region) : emptyZoneLayout(templateBlockId)),
    [region, templateBlockId],
  );
  const blocks = useMemo(() => Object.values(region?.content_blocks ?? {}), [region]);
  const widgets = useZoneWidgets(editor.template.template_id, props.definition.allowed_widgets, [
    ...new Set(blocks.map((b) => b.template_id)),
  ]);
  const nameOf = useCallback(
    (nodeId: string) => {
      const block = region?.content_blocks[nodeId];
      return block ? (widgets.byId.get(block.template_id)?.template_name ?? null) : null;
    },
    [region, widgets.byId],
  );

  // Focus follows a block that moved (its Actions button) or was added (its first field).
  const rootRef = useRef<HTMLDivElement>(null);
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const [focusNext, setFocusNext] = useState<{
    id: string;
    field: boolean;
  } | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    const node = rootRef.current?.querySelector(`[data-zone-node="${focusNext.id}"]`);
    const field = focusNext.field
      ? node?.querySelector<HTMLElement>('input, textarea, [contenteditable="true"]')
      : null;
    const target = field ?? focusTargets.current.get(focusNext.id);
    if (!target) return;
    target.focus();
    target.scrollIntoView?.({ block: 'nearest' });
    setFocusNext(null);
  }, [focusNext, layout, widgets.byId]);

  // Where a dragged block would go now (the drop line).
  const [dropHint, setDropHint] = useState<LayoutPlacement | null>(null);

  const change = useCallback(
    (op: (draft: DraftContent) => ZoneOutcome) =>
      update((d) => {
        const outcome = op(d);
        // §4: an item not found during a layout move or delete is only logged.
        if (!outcome.ok)
          console.warn(`Zone layout change refused (${outcome.reason}): ${outcome.id}`);
      }),
    [update],
  );

  const zone: ZoneApi = {
    layout,
    region,
    widgets,
    dropHint,
    readOnly,
    renderField,
    nameOf,
    add(widget: Template, placement?: LayoutPlacement) {
      const fields = Object.keys(widget.template_blocks).length;
      // A new region (when the zone has none yet), the block, two container items, the fields.
      const supply = Array.from({ length: fields + 4 }, () => newId());
      const blockId = region ? supply[0]! : supply[1]!;
      change((d) => addBlock(d, templateBlockId, widget, idSupply(supply), placement));
      setFocusNext({ id: blockId, field: true });
    },
    move(nodeId, placement) {
      change((d) => moveBlock(d, templateBlockId, nodeId, placement));
      setFocusNext({ id: nodeId, field: false });
    },
    remove(nodeId) {
      change((d) => removeBlock(d, templateBlockId, nodeId));
      focusTargets.current.delete(nodeId);
    },
    restore(blockId) {
      const block = region?.content_blocks[blockId];
      const widget = block ? widgets.byId.get(block.template_id) : undefined;
      const supply = [newId(), newId()];
      change((d) => restoreBlock(d, templateBlockId, blockId, widget, idSupply(supply)));
      setFocusNext({ id: blockId, field: false });
    },
    focusTarget(nodeId, element) {
      if (element) focusTargets.current.set(nodeId, element);
    },
  };

  // Dragging: the pointer after a few pixels (so clicks stay clicks), or the keyboard.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
    }),
  );
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const collisions = useMemo(() => zoneCollisions(() => layoutRef.current), []);
  const [dragging, setDragging] = useState<string | null>(null);
  const placementOf = (event: DragMoveEvent) =>
    event.over
      ? dropPlacement(layoutRef.current, String(event.active.id), event.over, pointerY(event))
      : null;
  const onDragMove = (event: DragMoveEvent) => {
    const next = placementOf(event);
    setDropHint((shown) =>
      shown?.position === next?.position && shown?.targetId === next?.targetId ? shown : next,
    );
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setDropHint(null);
    const placement = placementOf(event);
    if (placement) zone.move(String(event.active.id), placement);
  };
  const announcements = useAnnouncements(nameOf);
  const removed = blocks.filter((b) => b.cmsItemStatus?.delete);

  return (
    <ZoneContext.Provider value={zone}>
      <Input.Wrapper
        label={props.label}
        description={props.description}
        withAsterisk={props.required}
        error={props.error}
        labelElement="div"
        labelProps={{ id: `${props.inputId}-label` }}
      >
        <Stack
          gap="sm"
          mt={6}
          ref={rootRef}
          id={props.inputId}
          role="group"
          aria-labelledby={`${props.inputId}-label`}
        >
          <DndContext
            sensors={sensors}
            collisionDetection={collisions}
            onDragStart={({ active }) => setDragging(String(active.id))}
            onDragMove={onDragMove}
            onDragOver={onDragMove}
            onDragCancel={() => {
              setDragging(null);
              setDropHint(null);
            }}
            onDragEnd={onDragEnd}
            accessibility={{ announcements }}
          >
            <ZoneList parent={layout} empty={readOnly ? undefined : ZONE_TEXTS.empty} />
            <DragOverlay>
              {dragging && (
                <Paper shadow="md" p="xs" withBorder className={classes.overlay}>
                  <Text fw={600}>{nameOf(dragging) ?? ZONE_TEXTS.unknownWidget}</Text>
                </Paper>
              )}
            </DragOverlay>
          </DndContext>
          <Group>
            <AddBlockMenu
              widgets={widgets.allowed}
              id={props.inputId}
              buttonRef={props.focusRef as React.Ref<HTMLButtonElement>}
            />
          </Group>
          {removed.length > 0 && (
            <Stack
              gap={4}
              className={classes.removed}
              aria-label={ZONE_TEXTS.removedTitle}
              role="group"
            >
              <Text size="sm" fw={600}>
                {ZONE_TEXTS.removedTitle}
              </Text>
              {removed.map((block) => (
                <Group key={block.block_id} gap="xs" data-zone-removed={block.block_id}>
                  <Text size="sm">
                    {widgets.byId.get(block.template_id)?.template_name ?? ZONE_TEXTS.unknownWidget}
                  </Text>
                  <StateBadge state="deleted" />
                  {!readOnly && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => zone.restore(block.block_id)}
                    >
                      {ZONE_TEXTS.restore}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Input.Wrapper>
    </ZoneContext.Provider>
  );
}

/** Screen-reader announcements that name blocks by their widget, not by their ids. */
function useAnnouncements(nameOf: (id: string) => string | null): Announcements {
  const label = (id: string | number) => {
    const { nodeId, isList } = droppableNode(String(id));
    if (isList) return `the list of ${nameOf(nodeId) ?? 'the zone'}`;
    return nameOf(nodeId) ?? 'a block';
  };
  return {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${label(active.id)} is over ${label(over.id)}.`
        : `${label(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${label(active.id)} was dropped on ${label(over.id)}.`
        : `${label(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };
}
