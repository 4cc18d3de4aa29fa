/** What a panel shows when it has nothing to show: a title and what to do next (UI.md). */
import { Stack, Text } from '@mantine/core';

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
