/**
 * What the pages on Delivery (after the publish) reference that it would not show: each item with
 * its status and the pages that need it, a box to include it in the same publish (disabled, with
 * the reason, when the publisher may not), and a warning of what stays left out. An item that
 * is itself listed needs its own references only when it is included: ticking it ticks them.
 */
import { Alert, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { formatUpdated } from '@canopy/ui';
import type { PublishDependency } from './api';

export const NEEDED_TEXTS = {
  caption: 'Referenced items',
  title: 'Pages on Delivery reference items it would not show',
  allInTitle: 'Pages on Delivery reference items this publish includes',
  leftOut: (count: number) =>
    `${count} referenced ${count === 1 ? 'item is' : 'items are'} not included: the pages that need ${count === 1 ? 'it' : 'them'} will show without ${count === 1 ? 'it' : 'them'} on Delivery.`,
  allIn: 'Every referenced item that can be included is included in this publish.',
  ifIncluded: (name: string) => `${name} (if included)`,
};

/** What is left out although a page, or an included item, needs it. */
export function leftOutOf(
  dependencies: readonly PublishDependency[],
  included: ReadonlySet<string>,
): PublishDependency[] {
  const listed = new Set(dependencies.map((d) => d.id));
  return dependencies.filter(
    (d) =>
      !included.has(d.id) &&
      d.needed_by.some((by) => !listed.has(by.content_id) || included.has(by.content_id)),
  );
}

/** `id` with what it needs in turn that can be included, and so on. */
export function withReferences(
  dependencies: readonly PublishDependency[],
  id: string,
): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of dependencies)
      if (d.can_include && !out.has(d.id) && d.needed_by.some((by) => out.has(by.content_id))) {
        out.add(d.id);
        grew = true;
      }
  }
  return out;
}

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
  const leftOut = leftOutOf(dependencies, included).length;
  const listed = new Set(dependencies.map((d) => d.id));
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {NEEDED_TEXTS.caption}
      </Title>
      <Alert
        color={leftOut > 0 ? 'orange' : 'teal'}
        variant="light"
        title={leftOut > 0 ? NEEDED_TEXTS.title : NEEDED_TEXTS.allInTitle}
      >
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
              <Table.Td>
                {dep.needed_by
                  .map((by) =>
                    listed.has(by.content_id)
                      ? NEEDED_TEXTS.ifIncluded(by.content_name)
                      : by.content_name,
                  )
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
