/**
 * A block's Actions menu: the keyboard way to every layout move of §4 (Move up, Move down, Move
 * into container..., Remove), beside dragging.
 */
import { ActionIcon, Button, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDots, IconLogin2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { findLayoutNode, type LayoutNode } from '@canopy/core';
import { useZone } from './context';
import { containerItems, siblingMove } from '@canopy/ui/draft';
import { ZONE_TEXTS } from './texts';

/** The container items a node can move into: not its own parent, nor any inside itself. */
function targetsFor(layout: LayoutNode, nodeId: string) {
  const location = findLayoutNode(layout, nodeId);
  if (!location) return [];
  return containerItems(layout).filter(
    ({ item }) => item.id !== location.parent?.id && findLayoutNode(location.node, item.id) == null,
  );
}

export function BlockActions({ nodeId, name }: { nodeId: string; name: string }) {
  const zone = useZone();
  const [choosing, setChoosing] = useState(false);
  if (zone.readOnly) return null;
  const up = siblingMove(zone.layout, nodeId, -1);
  const down = siblingMove(zone.layout, nodeId, 1);
  const targets = targetsFor(zone.layout, nodeId);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${ZONE_TEXTS.actions} for ${name}`}
            ref={(element) => zone.focusTarget(nodeId, element)}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconArrowUp size={14} />}
            disabled={!up}
            onClick={() => up && zone.move(nodeId, up)}
          >
            {ZONE_TEXTS.moveUp}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowDown size={14} />}
            disabled={!down}
            onClick={() => down && zone.move(nodeId, down)}
          >
            {ZONE_TEXTS.moveDown}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogin2 size={14} />}
            disabled={targets.length === 0}
            onClick={() => setChoosing(true)}
          >
            {ZONE_TEXTS.moveInto}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => zone.remove(nodeId)}
          >
            {ZONE_TEXTS.remove}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={choosing} onClose={() => setChoosing(false)} title={ZONE_TEXTS.moveIntoTitle}>
        <Stack gap="xs">
          <Text size="sm">Choose where {name} goes: it is placed at the end of that item.</Text>
          {targets.map(({ item, container, index }) => (
            <Button
              key={item.id}
              variant="default"
              justify="flex-start"
              onClick={() => {
                setChoosing(false);
                zone.move(nodeId, { position: 'into', targetId: item.id });
              }}
            >
              {`${zone.nameOf(container.id) ?? ZONE_TEXTS.unknownWidget}, item ${index + 1}`}
            </Button>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
