/** The version history side panel: every version with its status, who changed it and when. */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Content, Template } from '@canopy/core';
import { formatUpdated } from '../../screens/ItemView';
import { STATUS_COLOURS } from '../EditorHeader';

export interface VersionHistoryProps {
  content: Content;
  template: Template;
  onClose: () => void;
  onOpenVersion: (version: number) => void;
  onRestore: (version: number) => void;
  /** Why "Restore as a new draft" is not available, or null. */
  canRestore: string | null;
}

export function VersionHistory({
  content,
  onClose,
  onOpenVersion,
  onRestore,
  canRestore,
}: VersionHistoryProps) {
  const versions = [...(content.versions ?? [])].reverse();
  return (
    <Paper
      component="aside"
      aria-label="Version history"
      withBorder
      radius={0}
      w={320}
      p="sm"
      style={{ alignSelf: 'stretch' }}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Version history
        </Title>
        <ActionIcon variant="subtle" aria-label="Close version history" onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah="70vh">
        <Stack gap="xs">
          {versions.map((v) => (
            <Paper
              key={v.version}
              withBorder
              p="xs"
              bg={v.version === content.version ? 'gray.0' : undefined}
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    v{v.version}
                  </Text>
                  <Badge size="xs" variant="light" color={STATUS_COLOURS[v.status_id]}>
                    {v.status_id}
                  </Badge>
                </Group>
                {v.version !== content.version && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onOpenVersion(v.version)}
                  >
                    Open
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatUpdated(v.updated_date)} by {v.updated_by_name ?? v.updated_by ?? 'unknown'}
              </Text>
              {v.copied_from != null && (
                <Text size="xs" c="dimmed">
                  Copied from v{v.copied_from}
                </Text>
              )}
              <Tooltip label={canRestore ?? ''} disabled={!canRestore}>
                <span style={{ display: 'inline-block' }}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    mt={4}
                    disabled={canRestore != null}
                    onClick={() => onRestore(v.version)}
                  >
                    Restore as a new draft
                  </Button>
                </span>
              </Tooltip>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
