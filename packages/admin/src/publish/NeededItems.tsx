/**
 * What the pages on Delivery (after the publish) reference that it would not show: each item with
 * its status and the pages that need it, a box to include it in the same publish (disabled, with
 * the reason, when the publisher may not), and a warning of what stays left out.
 */
import { Alert, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { formatUpdated } from '@canopy/ui';
import type { PublishDependency } from './api';

export const NEEDED_TEXTS = {
  caption: 'Referenced items',
  title: 'Pages on Delivery reference items it would not show',
  leftOut: (count: number) =>
    `${count} referenced ${count === 1 ? 'item is' : 'items are'} not included: the pages that need ${count === 1 ? 'it' : 'them'} will show without ${count === 1 ? 'it' : 'them'} on Delivery.`,
  allIn: 'Every referenced item that can be included is included in this publish.',
};

const TYPE_NAMES: Record<string, string> = {
  image: 'Image',
  video: 'Video',
  'multi-stream-video': 'Streaming video',
  document: 'Document',
  page: 'Page',
  'content-fragment': 'Content fragment',
};

function statusText(dep: PublishDependency): string {
  if (dep.status === 'scheduled')
    return `Scheduled for ${dep.publish_date ? formatUpdated(dep.publish_date) : 'later'}`;
  if (dep.status === 'missing') return 'Deleted';
  return 'Not published';
}

const kindText = (dep: PublishDependency) =>
  dep.kind === 'microapp'
    ? 'Micro-app instance'
    : (TYPE_NAMES[dep.content_type_id ?? ''] ?? dep.content_type_id ?? 'Item');

export function NeededItems({
  dependencies,
  included,
  onToggle,
}: {
  dependencies: PublishDependency[];
  included: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const leftOut = dependencies.filter((d) => !included.has(d.id)).length;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {NEEDED_TEXTS.caption}
      </Title>
      <Alert color={leftOut > 0 ? 'orange' : 'teal'} variant="light" title={NEEDED_TEXTS.title}>
        {leftOut > 0 ? NEEDED_TEXTS.leftOut(leftOut) : NEEDED_TEXTS.allIn}
      </Alert>
      <Table verticalSpacing={4} fz="sm" aria-label={NEEDED_TEXTS.caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Include</Table.Th>
            <Table.Th>Item Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Needed By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dependencies.map((dep) => (
            <Table.Tr key={`${dep.kind}:${dep.id}`}>
              <Table.Td>
                <Checkbox
                  aria-label={`Include ${dep.name}`}
                  checked={included.has(dep.id)}
                  disabled={!dep.can_include}
                  onChange={(event) => onToggle(dep.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dep.name}</Text>
                <Text size="xs" c="dimmed">
                  {kindText(dep)}
                </Text>
                {dep.reason && (
                  <Text size="xs" c="red.8">
                    {dep.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{statusText(dep)}</Table.Td>
              <Table.Td>{dep.needed_by.map((page) => page.content_name).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
