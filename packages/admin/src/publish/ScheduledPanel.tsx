/**
 * The site's scheduled changes: versions whose Publish Date or Unpublish Date is still to come,
 * soonest first. While open the list refreshes at the scheduler's pace, so passed dates drop off.
 */
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Drawer, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPublishDate } from '@canopy/core';
import { SIDE_PANEL_SIZE } from '@canopy/ui';
import { itemRoute } from '../tree/forest';
import { scheduledQuery, type ScheduledChange } from './api';
import type { SitePanelProps } from './BuildsPanel';
import { LoadState } from './LoadState';

export const SCHEDULED_LABEL = 'Scheduled changes';
export const SCHEDULED_EMPTY =
  "Nothing is scheduled. Set a Publish Date or Unpublish Date on a page's version to schedule it.";

const CHANGES: Record<
  ScheduledChange['change'],
  { label: string; colour: string; icon: typeof IconArrowUp }
> = {
  publish: { label: 'Goes live', colour: 'green', icon: IconArrowUp },
  unpublish: { label: 'Comes down', colour: 'orange', icon: IconArrowDown },
};

export function ScheduledPanel({ siteId, siteName, onClose }: SitePanelProps) {
  const scheduled = useQuery(scheduledQuery(siteId));
  const rows = scheduled.data ?? [];
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={SIDE_PANEL_SIZE}
      title={SCHEDULED_LABEL}
    >
      <Text size="sm" c="dimmed" mb="md">
        Publish and unpublish dates still to come on {siteName}, soonest first. The delivery site is
        rebuilt as each one passes; a staged version goes live only once it is published to
        Delivery.
      </Text>
      <LoadState query={scheduled} what="scheduled changes" />
      {scheduled.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {SCHEDULED_EMPTY}
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing={4} fz="sm" aria-label={`Scheduled changes of ${siteName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item Name</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>When (UTC)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const change = CHANGES[row.change];
              return (
                <Table.Tr key={`${row.content_id}:${row.version}:${row.change}`}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={itemRoute({ content_id: row.content_id, item_type: 'content' })}
                      size="sm"
                      onClick={onClose}
                    >
                      {row.content_name}
                    </Anchor>
                    {row.page_url && (
                      <Text size="xs" c="dimmed">
                        {row.page_url}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    v{row.version}{' '}
                    <Text span size="xs" c="dimmed">
                      {row.status_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={change.colour}
                      variant="light"
                      leftSection={<change.icon size={12} aria-hidden />}
                    >
                      {change.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatPublishDate(row.date)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
