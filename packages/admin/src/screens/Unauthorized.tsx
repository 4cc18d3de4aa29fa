/** /admin/unauthorized (§2 Routes, §6): where a 401 from menus or references leads. */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@canopy/ui';

export function Unauthorized() {
  const session = useSession();
  return (
    <Center h="100vh" bg="gray.0">
      <Paper withBorder p="xl" maw={440}>
        <Stack>
          <Title order={1} size="h3">
            You are not signed in
          </Title>
          <Text size="sm">
            Canopy did not accept your sign-in (it may have expired, or your account was changed).
            Sign in again to go on where you were.
          </Text>
          <Button onClick={() => void session.signInAgain()}>Sign in again</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
