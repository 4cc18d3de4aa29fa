/**
 * Someone else saved this version while unsaved changes were open here: say so, and offer their
 * version. Nothing is replaced without asking, and a Save of the older state stays refused (409).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Content } from '@canopy/core';
import { formatUpdated } from '@canopy/ui';

export function NewerVersionNote({ content, onShow }: { content: Content; onShow: () => void }) {
  const by = content.updated_by_name ?? content.updated_by ?? 'Someone';
  return (
    <Alert color="orange" mt="md" title="A newer version was saved" role="alert">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">
          {by} saved this version ({formatUpdated(content.updated_date)}) while you edited it. Your
          changes here are not saved; to keep them, copy them first, then show the newer version.
        </Text>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onShow}
        >
          Show the newer version
        </Button>
      </Group>
    </Alert>
  );
}
