/**
 * /admin/activity: the site's record of changes, newest first (GET /api/audit), filtered by
 * item, user, action and time, with the next page on demand and an export of everything the
 * filters select as CSV or JSON. Each reader sees only entries about items they may read.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconActivity, IconDownload } from '@tabler/icons-react';
import { notify, formatUpdated } from '@canopy/ui';
import { menusQuery, personQuery } from '../api';
import { indexForest } from '../tree/forest';
import {
  ACTION_LABELS,
  ADMIN_ONLY_ACTIONS,
  auditQuery,
  describeDetails,
  itemPath,
  readAllAudit,
  toCsv,
  type AuditFilters,
} from './api';

/** A datetime-local value (the browser's time zone) as an ISO instant; '' stays unset. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function ActivityScreen() {
  const menus = useQuery(menusQuery());
  const person = useQuery(personQuery());
  const [params] = useSearchParams();
  const [item, setItem] = useState<string | null>(params.get('content_id'));
  const [user, setUser] = useState('');
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exporting, setExporting] = useState(false);
  const filters: AuditFilters = {
    ...(item ? { content_id: item } : {}),
    ...(user.trim() ? { user: user.trim() } : {}),
    ...(action ? { action } : {}),
    ...(instant(from) ? { from: instant(from) } : {}),
    ...(instant(to) ? { to: instant(to) } : {}),
  };
  const feed = useInfiniteQuery(auditQuery(filters));
  const entries = feed.data?.pages.flatMap((page) => page.entries) ?? [];
  const items = useMemo(() => {
    if (!menus.data) return [];
    const index = indexForest(menus.data);
    return [...index.items.values()]
      .filter((entry) => entry.item_type !== 'template')
      .map((entry) => ({ value: entry.content_id, label: entry.content_name }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [menus.data]);

  const actions = Object.entries(ACTION_LABELS)
    .filter(([value]) => Boolean(person.data?.is_admin) || !ADMIN_ONLY_ACTIONS.includes(value))
    .map(([value, label]) => ({ value, label }));

  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(true);
    try {
      const all = await readAllAudit(filters);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv') download(`activity-${stamp}.csv`, 'text/csv', toCsv(all));
      else download(`activity-${stamp}.json`, 'application/json', JSON.stringify(all, null, 2));
    } catch {
      notify('error', 'The activity could not be exported; try again');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group justify="space-between">
        <Group gap="xs">
          <IconActivity size={22} aria-hidden />
          <Title order={2} size="h3">
            Activity
          </Title>
        </Group>
        <Group gap="xs">
          {(['csv', 'json'] as const).map((format) => (
            <Button
              key={format}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={exporting}
              onClick={() => void exportAs(format)}
            >
              Export {format.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter the activity">
        <Select
          label="Item"
          placeholder="Any item"
          data={items}
          value={item}
          onChange={setItem}
          searchable
          clearable
          w={220}
        />
        <TextInput
          label="User"
          placeholder="Any username"
          value={user}
          onChange={(event) => setUser(event.currentTarget.value)}
          w={180}
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={actions}
          value={action}
          onChange={setAction}
          clearable
          w={240}
        />
        <TextInput
          label="From"
          type="datetime-local"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          label="To"
          type="datetime-local"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
      </Group>
      {feed.isError && (
        <Alert color="red" role="alert" title="The activity could not be loaded">
          {(feed.error as { message?: string }).message ?? 'The server did not answer'}
        </Alert>
      )}
      {feed.isPending ? (
        <Skeleton h={200} />
      ) : entries.length === 0 ? (
        <Text c="dimmed">Nothing matches these filters.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.audit_id}>
                <Table.Td>{formatUpdated(entry.audit_date)}</Table.Td>
                <Table.Td>
                  {entry.actor_name}
                  {entry.actor_kind === 'apikey' ? ' (API key)' : ''}
                  {entry.actor_kind === 'public' ? ' (not signed in)' : ''}
                </Table.Td>
                <Table.Td>{ACTION_LABELS[entry.action] ?? entry.action}</Table.Td>
                <Table.Td>
                  {entry.content_id && entry.content_name ? (
                    <Anchor component={Link} to={itemPath(entry)}>
                      {entry.content_name}
                    </Anchor>
                  ) : (
                    String(entry.details?.content_name ?? '')
                  )}
                </Table.Td>
                <Table.Td>{entry.version ?? ''}</Table.Td>
                <Table.Td>{describeDetails(entry)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {feed.hasNextPage && (
        <Group>
          <Button
            variant="default"
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            Show older entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
