/** An item's History beside its versions: its newest entries in the audit record. */
import { useQuery } from '@tanstack/react-query';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ACTION_LABELS, describeDetails, itemActivityQuery } from './api';
import { formatUpdated } from '@canopy/ui';

export function ItemActivity({ contentId }: { contentId: string }) {
  const activity = useQuery(itemActivityQuery(contentId));
  const entries = activity.data?.entries ?? [];
  return (
    <Stack gap={4} component="section" aria-label="Changes">
      <Title order={4} size="h6">
        Changes
      </Title>
      {activity.isError && <Text size="sm">The changes could not be loaded.</Text>}
      {entries.map((entry) => {
        const details = describeDetails(entry);
        return (
          <Text size="xs" key={entry.audit_id}>
            <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>
            {entry.version != null && ` v${entry.version}`} by {entry.actor_name},{' '}
            {formatUpdated(entry.audit_date)}
            {details && ` (${details})`}
          </Text>
        );
      })}
      <Anchor component={Link} to={`/activity?content_id=${contentId}`} size="xs">
        All changes of this item
      </Anchor>
    </Stack>
  );
}
