/** /admin/settings: the administration screens under one heading, one tab per screen. */
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { personQuery } from '../api';

export const SETTINGS_SCREENS = [
  { path: 'sites', label: 'Sites' },
  { path: 'users', label: 'Users' },
  { path: 'roles', label: 'Roles' },
  { path: 'api-keys', label: 'API keys' },
] as const;

export function SettingsLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const person = useQuery(personQuery());
  const current = SETTINGS_SCREENS.find((screen) => pathname.endsWith(`/settings/${screen.path}`));

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group gap="xs">
        <IconSettings size={24} aria-hidden />
        <Title order={2} size="h3">
          Settings
        </Title>
      </Group>
      <Tabs
        value={current?.path ?? null}
        onChange={(path) => path && void navigate(`/settings/${path}`)}
      >
        <Tabs.List aria-label="Settings screens">
          {SETTINGS_SCREENS.map((screen) => (
            <Tabs.Tab key={screen.path} value={screen.path}>
              {screen.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {person.data && !person.data.is_admin ? (
        <Alert color="yellow" title="Administrators only">
          Only an administrator manages sites, users, roles and API keys.
        </Alert>
      ) : (
        <Outlet />
      )}
    </Stack>
  );
}

/** A screen's heading line: its title, a short description, and its main action. */
export function ScreenHeader(props: { title: string; text: string; action: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2}>
        <Title order={3} size="h4">
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.text}
        </Text>
      </Stack>
      <div style={{ flexShrink: 0 }}>{props.action}</div>
    </Group>
  );
}
