/** 'Add block': a menu of the widgets a place in the zone takes; the block goes at its end. */
import { Button, Loader, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { LayoutPlacement, Template } from '@canopy/core';
import { useZone } from './context';
import { ZONE_TEXTS } from './texts';

export interface AddBlockMenuProps {
  widgets: Template[] | undefined;
  placement?: LayoutPlacement;
  /** Names the place in the button's accessible name ('Add block to Card Grid, item 1'). */
  placeName?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  id?: string;
}

export function AddBlockMenu({ widgets, placement, placeName, buttonRef, id }: AddBlockMenuProps) {
  const zone = useZone();
  if (zone.readOnly) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          id={id}
          ref={buttonRef}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          aria-label={placeName ? `${ZONE_TEXTS.addBlock} to ${placeName}` : undefined}
          disabled={widgets === undefined}
          rightSection={widgets === undefined ? <Loader size={12} /> : undefined}
        >
          {ZONE_TEXTS.addBlock}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {widgets?.length === 0 && <Menu.Label>This zone allows no widgets</Menu.Label>}
        {widgets?.map((widget) => (
          <Menu.Item key={widget.template_id} onClick={() => zone.add(widget, placement)}>
            {widget.template_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
