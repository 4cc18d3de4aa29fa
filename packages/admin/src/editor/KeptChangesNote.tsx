/**
 * Unsaved changes an earlier visit left in this browser (`useKeptDraft`): offered back when
 * nobody saved the version since (after locking it again if the lock lapsed meanwhile), else
 * shown beside the newer save, field by field, never applied over it.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import type { Content, Template } from '@canopy/core';
import { formatUpdated } from '@canopy/ui';
import { collectChanges, type KeptDraft } from '@canopy/ui/draft';
import type { BoundCommand } from './commands';

export interface KeptChangesProps {
  kept: KeptDraft;
  content: Content;
  template: Template;
  me: string;
  lock: BoundCommand;
  restoring: boolean;
  onRestore: () => void;
  onLockAndRestore: () => void;
  onDiscard: () => void;
}

export function KeptChangesNote(props: KeptChangesProps) {
  const { kept, content, me } = props;
  const when = formatUpdated(kept.keptAt);
  const discard = (
    <Button
      size="xs"
      variant="subtle"
      color="gray"
      leftSection={<IconTrash size={14} aria-hidden />}
      onClick={props.onDiscard}
    >
      Discard them
    </Button>
  );
  if (kept.basedOn !== content.updated_date) {
    const by = content.updated_by_name ?? content.updated_by ?? 'Someone';
    return (
      <Alert
        color="orange"
        mt="md"
        title="Your unsaved changes, typed on an older save"
        role="alert"
      >
        <Stack gap="xs">
          <Text size="sm">
            You changed this version on {when} and did not save. {by} saved it since (
            {formatUpdated(content.updated_date)}), so your changes are not applied: here they are
            beside the newer version. Type again what you want to keep.
          </Text>
          <KeptList kept={kept} template={props.template} />
          <Group>{discard}</Group>
        </Stack>
      </Alert>
    );
  }
  const mine = content.locked_by === me;
  const holder = content.locked_by ? (content.locked_by_name ?? content.locked_by) : null;
  return (
    <Alert color="blue" mt="md" title="Your unsaved changes from an earlier visit" role="alert">
      <Stack gap="xs">
        <Text size="sm">
          You changed this version on {when} and did not save; nobody has saved it since.{' '}
          {mine
            ? 'Restore them to go on editing.'
            : holder
              ? `${holder} holds the lock now: once you hold it, you can restore them.`
              : 'Your lock was released meanwhile: lock the item again to restore them.'}
        </Text>
        <Group gap="xs">
          {mine ? (
            <Button
              size="xs"
              leftSection={<IconRestore size={14} aria-hidden />}
              onClick={props.onRestore}
            >
              Restore my changes
            </Button>
          ) : (
            !holder && (
              <Button
                size="xs"
                leftSection={<IconRestore size={14} aria-hidden />}
                loading={props.restoring}
                disabled={props.lock.disabledReason != null}
                title={props.lock.disabledReason ?? undefined}
                onClick={props.onLockAndRestore}
              >
                Lock and restore
              </Button>
            )
          )}
          {discard}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The kept values of the item's own fields by name, and how many block changes came with them. */
function KeptList({ kept, template }: { kept: KeptDraft; template: Template }) {
  const names = new Map<string, string>();
  // An item's field row is named by its template block (§3: the block's first field defines it).
  for (const block of Object.values(template.template_blocks)) {
    const [definition] = Object.values(block.template_fields);
    names.set(block.block_id, definition?.field_name ?? block.block_name);
  }
  const changes = collectChanges(kept.draft);
  const blocks = changes.content_blocks.length + changes.content_blocks_fields.length;
  return (
    <List size="sm" spacing={4} aria-label="Your unsaved changes">
      {changes.content_fields.map((field) => (
        <List.Item key={field.field_id}>
          <Text span fw={600} size="sm">
            {names.get(field.template_block_id) ?? 'A field'}:
          </Text>{' '}
          {plainText(field.field_value)}
        </List.Item>
      ))}
      {blocks > 0 && (
        <List.Item>
          {blocks === 1 ? 'One change' : `${blocks} changes`} to the blocks of its zones
        </List.Item>
      )}
    </List>
  );
}

/** A value as one line of text: rich text without its markup, at most 200 characters. */
function plainText(value: string | null): string {
  const text = new DOMParser()
    .parseFromString(value ?? '', 'text/html')
    .body.textContent?.replace(/\s+/g, ' ')
    .trim();
  if (!text) return '(empty)';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
