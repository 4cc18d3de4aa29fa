/**
 * The version history side panel: every version with its status, who changed it and when; a
 * block-aware comparison of any version with the one shown; restore any version as a new draft.
 */
import { ItemActivity } from '../../activity/ItemActivity';
import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Content, Template } from '@canopy/core';
import { STATUS_COLOURS } from '../EditorHeader';
import { contentVersionQuery, templateQuery, formatUpdated } from '@canopy/ui';
import { compareVersions, type BlockChangeKind, type ValueChange } from './compare';

export interface VersionHistoryProps {
  content: Content;
  template: Template;
  onClose: () => void;
  onOpenVersion: (version: number) => void;
  onRestore: (version: number) => void;
  /** Why "Restore as a new draft" is not available, or null. */
  restoreDisabled: string | null;
}

export function VersionHistory({
  content,
  template,
  onClose,
  onOpenVersion,
  onRestore,
  restoreDisabled,
}: VersionHistoryProps) {
  const [compareWith, setCompareWith] = useState<number | null>(null);
  const versions = [...(content.versions ?? [])].reverse();
  return (
    <Paper
      component="aside"
      aria-label="Version history"
      withBorder
      radius={0}
      w={340}
      p="sm"
      style={{ alignSelf: 'stretch', flexShrink: 0 }}
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Version history
        </Title>
        <ActionIcon variant="subtle" aria-label="Close version history" onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 220px)">
        <Stack gap="xs">
          {versions.map((v) => {
            const shown = v.version === content.version;
            return (
              <Paper
                key={v.version}
                withBorder
                p="xs"
                bg={shown ? 'var(--mantine-color-gray-0)' : undefined}
                aria-label={`Version ${v.version}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      v{v.version}
                    </Text>
                    <Badge size="xs" variant="light" color={STATUS_COLOURS[v.status_id]}>
                      {v.status_id}
                    </Badge>
                    {shown && (
                      <Text size="xs" c="dimmed">
                        shown
                      </Text>
                    )}
                  </Group>
                  {!shown && (
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
                  {formatUpdated(v.updated_date)} by{' '}
                  {v.updated_by_name ?? v.updated_by ?? 'unknown'}
                </Text>
                {v.copied_from != null && (
                  <Text size="xs" c="dimmed">
                    Copied from v{v.copied_from}
                  </Text>
                )}
                <Group gap={4} mt={4}>
                  {!shown && (
                    <Button
                      size="compact-xs"
                      variant={compareWith === v.version ? 'filled' : 'light'}
                      onClick={() =>
                        setCompareWith((current) => (current === v.version ? null : v.version))
                      }
                      aria-pressed={compareWith === v.version}
                    >
                      Compare with v{content.version}
                    </Button>
                  )}
                  <Tooltip label={restoreDisabled ?? ''} disabled={!restoreDisabled}>
                    <span style={{ display: 'inline-block' }}>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="gray"
                        disabled={restoreDisabled != null}
                        onClick={() => onRestore(v.version)}
                      >
                        Restore as a new draft
                      </Button>
                    </span>
                  </Tooltip>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {compareWith != null && (
          <>
            <Divider my="sm" />
            <Comparison content={content} template={template} other={compareWith} />
          </>
        )}
        <Divider my="sm" />
        <ItemActivity contentId={content.content_id} />
      </ScrollArea.Autosize>
    </Paper>
  );
}

const KIND_COLOURS: Record<BlockChangeKind, string> = {
  added: 'green',
  removed: 'red',
  moved: 'blue',
  edited: 'yellow',
};

function clip(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain === '' ? '(empty)' : plain.length > 80 ? `${plain.slice(0, 80)}…` : plain;
}

function Values({ change, name }: { change: ValueChange; name: string }) {
  return (
    <div>
      <Text size="xs" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="red.8" td="line-through">
        {clip(change.before)}
      </Text>
      <Text size="xs" c="green.8">
        {clip(change.after)}
      </Text>
    </div>
  );
}

/** The changes from the older of the two versions to the newer. */
function Comparison({
  content,
  template,
  other,
}: {
  content: Content;
  template: Template;
  other: number;
}) {
  const loaded = useQuery(contentVersionQuery(content.content_id, other));
  const [older, newer] = other < content.version ? [loaded.data, content] : [content, loaded.data];
  const comparison = older && newer ? compareVersions(older, newer, template) : null;
  const widgetIds = [...new Set(comparison?.blocks.map((b) => b.templateId) ?? [])];
  const widgets = useQueries({ queries: widgetIds.map((id) => templateQuery(id)) });
  const widgetOf = new Map(
    widgets.flatMap((w) => (w.data ? [[w.data.template_id, w.data] as const] : [])),
  );
  const fieldName = (templateId: string, key: string) =>
    widgetOf.get(templateId)?.template_blocks[key]?.block_name ?? 'Field';

  if (loaded.isError) return <Text size="sm">Version {other} could not be loaded.</Text>;
  if (!comparison || !older || !newer) return <Loader size="sm" />;
  return (
    <Stack gap="xs" aria-label={`Changes from v${older.version} to v${newer.version}`}>
      <Text size="sm" fw={600}>
        Changes from v{older.version} to v{newer.version}
      </Text>
      {comparison.fields.length === 0 && comparison.blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          These versions hold the same content.
        </Text>
      )}
      {comparison.fields.map((change) => (
        <Values key={change.key} change={change} name={change.name} />
      ))}
      {comparison.blocks.map((block) => (
        <Paper key={block.blockId} withBorder p={6}>
          <Group gap={4}>
            <Text size="xs" fw={600}>
              {widgetOf.get(block.templateId)?.template_name ?? 'Block'}
            </Text>
            {block.kinds.map((kind) => (
              <Badge key={kind} size="xs" variant="light" color={KIND_COLOURS[kind]}>
                {kind}
              </Badge>
            ))}
          </Group>
          {block.fields.map((change) => (
            <Values
              key={change.key}
              change={change}
              name={fieldName(block.templateId, change.key)}
            />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
