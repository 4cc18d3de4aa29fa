/** What a screen shows when it fails while rendering: the tree stays, the item panel says why. */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Stack p="md" maw={720}>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="This screen stopped working"
      >
        <Stack gap="xs">
          <Text size="sm">
            Nothing was saved or lost on the server by this. Reload the page to open the item again;
            if it happens again, send this message to your administrator:
          </Text>
          <Code block>{message}</Code>
          <Group>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
