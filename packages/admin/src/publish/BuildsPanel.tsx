/**
 * The site's builds per target (newest first, under the month they were queued in): status,
 * progress, timings, who asked, errors.
 * The list refreshes every second while a build is queued or running.
 */
import { useQuery } from '@tanstack/react-query';
import { Badge, Drawer, Progress, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMonth } from '@canopy/core';
import { SIDE_PANEL_SIZE, formatUpdated } from '@canopy/ui';
import { MODE_LABELS, TARGET_TEXTS, buildsQuery, type Build, type PublishMode } from './api';
import { STATUS_COLOURS, formatDuration } from './BuildProgress';
import { LoadState } from './LoadState';

/** A side panel about one site, opened from the Publish menu. */
export interface SitePanelProps {
  siteId: string;
  siteName: string;
  onClose: () => void;
}

export function BuildsPanel({ siteId, siteName, onClose }: SitePanelProps) {
  const builds = useQuery(buildsQuery(siteId));
  const [mode, setMode] = useState<PublishMode>('delivery');
  const rows = (builds.data ?? []).filter((build) => build.mode === mode);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={SIDE_PANEL_SIZE}
      title={`Builds of ${siteName}`}
    >
      <SegmentedControl
        mb="md"
        aria-label="Target"
        value={mode}
        onChange={(value) => setMode(value as PublishMode)}
        data={[
          { value: 'delivery', label: MODE_LABELS.delivery },
          { value: 'preview', label: MODE_LABELS.preview },
        ]}
      />
      <Text size="sm" c="dimmed" mb="md">
        {TARGET_TEXTS[mode]}
      </Text>
      <LoadState query={builds} what="builds" />
      {builds.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No builds of {MODE_LABELS[mode]} yet. Use Publish to {MODE_LABELS[mode]} to start one.
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing={4} fz="sm" aria-label={`Builds of ${MODE_LABELS[mode]}`}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {byMonth(rows).map(({ month, builds: inMonth }) => (
            <Table.Tbody key={month}>
              <Table.Tr>
                <Table.Th
                  colSpan={COLUMNS.length}
                  scope="rowgroup"
                  bg="var(--mantine-color-gray-0)"
                >
                  {month}
                </Table.Th>
              </Table.Tr>
              {inMonth.map((build) => (
                <BuildRow key={build.build_id} build={build} />
              ))}
            </Table.Tbody>
          ))}
        </Table>
      )}
    </Drawer>
  );
}

const COLUMNS = ['Queued', 'Status', 'Pages', 'Rendered', 'Duration', 'By'];

/** Builds under the month they were queued in, MM/YYYY (§9), in the order given (newest first). */
function byMonth(builds: Build[]): { month: string; builds: Build[] }[] {
  const months = new Map<string, Build[]>();
  for (const build of builds) {
    const month = formatMonth(new Date(build.queued_date));
    months.set(month, [...(months.get(month) ?? []), build]);
  }
  return [...months].map(([month, inMonth]) => ({ month, builds: inMonth }));
}

function BuildRow({ build }: { build: Build }) {
  return (
    <Table.Tr>
      <Table.Td>{formatUpdated(build.queued_date)}</Table.Td>
      <Table.Td>
        {/* Never cut to 'SUCC...': the status word shows whole in a narrow panel. */}
        <Badge color={STATUS_COLOURS[build.status]} variant="light" miw="max-content">
          {build.status}
        </Badge>
        {build.error && (
          <Text size="xs" c="red" mt={2}>
            {build.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={120}>
        {build.pages_done} of {build.pages_total}
        <Progress
          size="xs"
          mt={2}
          aria-hidden
          color={STATUS_COLOURS[build.status]}
          value={build.pages_total > 0 ? (build.pages_done / build.pages_total) * 100 : 0}
        />
      </Table.Td>
      <Table.Td>{build.pages_rendered}</Table.Td>
      <Table.Td>{formatDuration(build.duration_ms)}</Table.Td>
      <Table.Td>{build.requested_by}</Table.Td>
    </Table.Tr>
  );
}
