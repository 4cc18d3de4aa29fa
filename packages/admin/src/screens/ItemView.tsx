/**
 * The right side for a selected item: its header (breadcrumb, version and status, lock holder,
 * last update, UI.md) and, until the item editors land, a note of what comes next.
 */
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { hasPermission } from '@canopy/core';
import { Link } from 'react-router';
import { contentQuery, menusQuery } from '../api';
import { indexForest, itemRoute } from '../tree/forest';
import { ItemIcon } from '@canopy/ui/items';

const STATUS_COLOURS: Record<string, string> = {
  draft: 'gray',
  staged: 'yellow',
  published: 'green',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export function formatUpdated(value: string): string {
  const date = new Date(
    value.includes('T') || value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`,
  );
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function ItemView({ kind }: { kind: 'content' | 'template' }) {
  const { id = '' } = useParams();
  const menus = useQuery(menusQuery());
  const content = useQuery({ ...contentQuery(id), enabled: kind === 'content' });
  const index = menus.data ? indexForest(menus.data) : null;
  const item = index?.items.get(id);

  if (menus.isSuccess && !item) {
    return (
      <EmptyState
        title="This item is not in your tree"
        text="It may have been deleted, or you may not have Read access to it. Pick another item in the tree."
      />
    );
  }
  if (!item || !index) return <Skeleton h={120} m="lg" />;

  const trail = index.ancestry(id).map((ancestor) => index.items.get(ancestor)!);
  const version = content.data;
  return (
    <Stack gap={0}>
      <Paper radius={0} px="lg" py="md" className="item-header" withBorder>
        <Breadcrumbs separator="/" mb={6} fz="sm">
          {trail.map((step) =>
            step.content_id === id ? (
              <Text key={step.content_id} size="sm" c="dimmed">
                {step.content_name}
              </Text>
            ) : (
              <Anchor key={step.content_id} component={Link} to={itemRoute(step)} size="sm">
                {step.content_name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ItemIcon item={item} size={22} />
            <Title order={2} size="h3">
              {item.content_name}
            </Title>
          </Group>
          {version && (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                v{version.version}
              </Text>
              <Badge color={STATUS_COLOURS[version.status_id] ?? 'gray'} variant="light">
                {version.status_id}
              </Badge>
            </Group>
          )}
        </Group>
        {version && (
          <Group gap="md" mt={6}>
            <Group gap={4}>
              <IconLock size={14} aria-hidden />
              <Text size="sm" c="dimmed">
                {version.is_locked && version.locked_by
                  ? `Locked by ${version.locked_by}`
                  : 'Not locked'}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              Updated {formatUpdated(version.updated_date)}
              {version.updated_by ? ` by ${version.updated_by}` : ''}
            </Text>
          </Group>
        )}
        {kind === 'template' && (
          <Text size="sm" c="dimmed" mt={6}>
            Template type {item.template_type_id}
          </Text>
        )}
      </Paper>
      <EmptyState
        title={kind === 'content' ? 'The item editor comes next' : 'The template editor comes next'}
        text={
          hasPermission(item.permissions, 'Create')
            ? 'Pick another item in the tree, or use Add Item to create a child of this one.'
            : 'Pick another item in the tree to see its details.'
        }
      />
    </Stack>
  );
}

export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" justify="center" gap={6} py={80} px="lg">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {text}
      </Text>
    </Stack>
  );
}
