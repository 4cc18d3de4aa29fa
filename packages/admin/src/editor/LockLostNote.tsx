/**
 * The lock went while unsaved changes were open here (its lease lapsed, it was handed over or
 * forced open): say so, keep the changes (this browser keeps them too), and offer to lock again.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Content } from '@canopy/core';
import type { BoundCommand } from './commands';

export function LockLostNote({ content, lock }: { content: Content; lock: BoundCommand }) {
  const holder = content.locked_by ? (content.locked_by_name ?? content.locked_by) : null;
  return (
    <Alert color="orange" mt="md" title="You no longer hold the lock" role="alert">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">
          {holder
            ? `${holder} holds the lock now. Your unsaved changes stay here and in this browser; save them once you hold the lock again.`
            : 'Your lock lapsed while you were away. Your unsaved changes stay here and in this browser: lock the item again to save them.'}
        </Text>
        {!holder && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconLock size={14} aria-hidden />}
            disabled={lock.disabledReason != null}
            onClick={lock.perform}
          >
            Lock again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
