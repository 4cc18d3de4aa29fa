/**
 * The zone's layout as nested lists: each block in a fieldset titled with its widget template's
 * name and holding its fields, a container's items inside their container, and a missing block
 * as §2's 'Block with id ... not found'.
 */
import { Alert, Badge, Box, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGripVertical } from '@tabler/icons-react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LayoutNode, LayoutPlacement, Template } from '@canopy/core';
import { AddBlockMenu } from './AddBlockMenu';
import { BlockActions } from './BlockActions';
import { useZone } from './context';
import { listId, stillStrategy } from './dnd';
import { blockState, isContainer, isContainerItem } from '@canopy/ui/draft';
import { STATE_LABELS, ZONE_TEXTS, missingBlockText } from './texts';
import classes from './zone.module.css';

const isDropInto = (hint: LayoutPlacement | null, nodeId: string) =>
  hint?.position === 'into' && hint.targetId === nodeId;

const STATE_COLOURS = { new: 'green', edited: 'blue', deleted: 'red' } as const;

/** The blocks a node holds (the zone, or a container item), sortable, and a drop target. */
export function ZoneList({
  parent,
  empty,
  droppable = true,
}: {
  parent: LayoutNode;
  empty?: string;
  /** False when an element around the list (a container item's box) is the drop target. */
  droppable?: boolean;
}) {
  const zone = useZone();
  const blocks = parent.blocks ?? [];
  const { setNodeRef } = useDroppable({
    id: listId(parent.id),
    disabled: zone.readOnly || !droppable,
  });
  const isOver = droppable && isDropInto(zone.dropHint, parent.id);
  return (
    <SortableContext items={blocks.map((b) => b.id)} strategy={stillStrategy}>
      <Stack
        gap="sm"
        ref={droppable ? setNodeRef : undefined}
        className={classes.list}
        data-over={isOver || undefined}
      >
        {blocks.map((node) => (
          <ZoneNode key={node.id} node={node} />
        ))}
        {blocks.length === 0 &&
          (zone.readOnly ? (
            <Text size="sm" c="dimmed">
              {empty ?? ZONE_TEXTS.empty}
            </Text>
          ) : (
            <div className={classes.dropTarget} data-over={isOver || undefined}>
              {empty ?? ZONE_TEXTS.dropHere}
            </div>
          ))}
      </Stack>
    </SortableContext>
  );
}

function ZoneNode({ node }: { node: LayoutNode }) {
  const zone = useZone();
  const sortable = useSortable({ id: node.id, disabled: zone.readOnly });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const block = zone.region?.content_blocks[node.id];
  const name = zone.nameOf(node.id) ?? ZONE_TEXTS.unknownWidget;
  const handle = !zone.readOnly && (
    <button
      type="button"
      className={classes.handle}
      aria-label={`Drag ${name}`}
      {...sortable.attributes}
      {...sortable.listeners}
      ref={sortable.setActivatorNodeRef}
    >
      <IconGripVertical size={16} />
    </button>
  );

  return (
    <div
      ref={sortable.setNodeRef}
      style={style}
      className={classes.node}
      data-zone-node={node.id}
      data-dragging={sortable.isDragging || undefined}
      data-drop={
        zone.dropHint?.targetId === node.id && zone.dropHint.position !== 'into'
          ? zone.dropHint.position
          : undefined
      }
    >
      {!block || isContainerItem(node) ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={missingBlockText(node.id)}
        >
          <Group justify="space-between">
            <Text size="sm">It is in the layout but not among the zone&apos;s blocks.</Text>
            {!zone.readOnly && (
              <Button size="xs" variant="default" onClick={() => zone.remove(node.id)}>
                {ZONE_TEXTS.remove}
              </Button>
            )}
          </Group>
        </Alert>
      ) : (
        <BlockFieldset node={node} template={zone.widgets.byId.get(block.template_id)}>
          <Group gap={4} wrap="nowrap" className={classes.toolbar}>
            <StateBadge state={blockState(block)} />
            {handle}
            <BlockActions nodeId={node.id} name={name} />
          </Group>
        </BlockFieldset>
      )}
    </div>
  );
}

function BlockFieldset({
  node,
  template,
  children,
}: {
  node: LayoutNode;
  template: Template | undefined;
  children: React.ReactNode;
}) {
  const zone = useZone();
  const block = zone.region!.content_blocks[node.id]!;
  const legend =
    template?.template_name ??
    (zone.widgets.failed.has(block.template_id) ? ZONE_TEXTS.unknownWidget : ZONE_TEXTS.loading);
  const templateBlocks = Object.values(template?.template_blocks ?? {}).sort(
    (a, b) => a.block_order - b.block_order,
  );
  return (
    <Fieldset legend={legend} className={classes.block} classNames={{ legend: classes.legend }}>
      {children}
      <Stack gap="sm">
        {templateBlocks.map((templateBlock) => {
          const definition = Object.values(templateBlock.template_fields)[0];
          if (!definition) return null;
          return (
            <div key={templateBlock.block_id}>
              {zone.renderField(definition, {
                kind: 'block',
                blockId: node.id,
                templateBlockId: templateBlock.block_id,
              })}
            </div>
          );
        })}
        {isContainer(node) && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            {(node.blocks ?? []).map((item, index) =>
              isContainerItem(item) ? (
                <ContainerItem
                  key={item.id}
                  item={item}
                  index={index}
                  containerName={legend}
                  itemWidget={template?.container_item_child_reference ?? null}
                />
              ) : (
                <ZoneNode key={item.id} node={item} />
              ),
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}

function ContainerItem({
  item,
  index,
  containerName,
  itemWidget,
}: {
  item: LayoutNode;
  index: number;
  containerName: string;
  itemWidget: string | null;
}) {
  const zone = useZone();
  const { setNodeRef } = useDroppable({ id: listId(item.id), disabled: zone.readOnly });
  const place = `${containerName}, item ${index + 1}`;
  const own = itemWidget ? zone.widgets.byId.get(itemWidget) : undefined;
  const widgets =
    zone.widgets.allowed &&
    (own
      ? [own, ...zone.widgets.allowed.filter((w) => w.template_id !== own.template_id)]
      : zone.widgets.allowed);
  return (
    <Box
      ref={setNodeRef}
      className={classes.item}
      role="group"
      aria-label={place}
      data-over={isDropInto(zone.dropHint, item.id) || undefined}
    >
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          Item {index + 1}
        </Text>
        <AddBlockMenu
          widgets={widgets}
          placement={{ position: 'into', targetId: item.id }}
          placeName={place}
        />
      </Group>
      <ZoneList
        parent={item}
        droppable={false}
        empty={zone.readOnly ? 'This item is empty.' : undefined}
      />
    </Box>
  );
}

export function StateBadge({ state }: { state: ReturnType<typeof blockState> }) {
  if (!state) return null;
  return (
    <Badge size="sm" variant="light" color={STATE_COLOURS[state]}>
      {STATE_LABELS[state]}
    </Badge>
  );
}
