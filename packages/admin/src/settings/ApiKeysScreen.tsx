/**
 * /admin/settings/api-keys: keys for server-side callers (§7). A key is shown once when it is
 * made, with a copy button; the list shows role, who made it, last use and expiry; a revoked key
 * stops working at once.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { errorMessage } from '@canopy/client';
import { ConfirmDialog, notify, formatUpdated } from '@canopy/ui';
import {
  apiKeysPageQuery,
  createApiKey,
  revokeApiKey,
  rolesQuery,
  type ApiKey,
  type CreatedApiKey,
  type SortOf,
  type ApiKeysRequest,
} from './api';
import { ScreenHeader } from './SettingsLayout';
import { ShownOnce } from './ShownOnce';
import { writeAndToast } from './write';
import { ListTable, useListRequest, ListFilter } from './parts';

/** The access choice that stands for a published-content key rather than a role. */
const PUBLISHED = '__published__';

export function keyStatus(key: ApiKey, now = new Date()): 'Active' | 'Revoked' | 'Expired' {
  if (key.revoked_date) return 'Revoked';
  if (key.expires_date && new Date(key.expires_date) <= now) return 'Expired';
  return 'Active';
}

export function ApiKeysScreen() {
  const queryClient = useQueryClient();
  const list = useListRequest<SortOf<ApiKeysRequest>>('status');
  const keys = useQuery(apiKeysPageQuery(list.request));
  const roles = useQuery(rolesQuery());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const roleName = (id: string | null) =>
    roles.data?.find((role) => role.role_id === id)?.role_name ?? id ?? '';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['settings', 'apikeys'] });

  const revoke = async (key: ApiKey) => {
    setRevoking(null);
    await writeAndToast(
      () => revokeApiKey(key.key_id),
      `The API key ${key.name} has been revoked`,
      refresh,
    );
  };

  return (
    <Stack gap="md">
      <ScreenHeader
        title="API keys"
        text="Keys let server-side callers use the API as a role, or read published content only. Send a key in the x-api-key header."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create API key
          </Button>
        }
      />
      <ListFilter list={list} what="API keys" by="name, key or maker" />
      <ListTable
        label="API keys"
        what="The API keys"
        list={list}
        query={keys}
        minWidth={600}
        columns={[
          { label: 'Name and key', sort: 'name' },
          { label: 'Access' },
          { label: 'Created by', sort: 'created_date' },
          { label: 'Last used', sort: 'last_used_date' },
          { label: 'Expires', sort: 'expires_date' },
          { label: 'Status', sort: 'status' },
        ]}
        empty={
          list.q ? (
            <Text fw={500}>No API key matches the filter.</Text>
          ) : (
            <>
              <IconKey size={28} aria-hidden />
              <Text fw={500}>No API keys yet.</Text>
              <Text size="sm" c="dimmed">
                Create API key to give a build server or integration its own access.
              </Text>
            </>
          )
        }
        row={(key) => {
          const status = keyStatus(key);
          return (
            <Table.Tr key={key.key_id}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {key.name}
                </Text>
                <Code fz="xs">{key.key_prefix}…</Code>
              </Table.Td>
              <Table.Td>
                {key.scope === 'published' ? 'Published content' : roleName(key.role_id)}
              </Table.Td>
              <Table.Td>
                {key.created_by}
                <Text size="xs" c="dimmed">
                  {formatUpdated(key.created_date)}
                </Text>
              </Table.Td>
              <Table.Td>
                {key.last_used_date ? formatUpdated(key.last_used_date) : 'Never'}
              </Table.Td>
              <Table.Td>{key.expires_date ? formatUpdated(key.expires_date) : 'Never'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge
                  // The word whole: the label's ellipsis would let a narrow table squeeze it.
                  styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                  variant="light"
                  color={status === 'Active' ? 'teal' : status === 'Expired' ? 'yellow' : 'gray'}
                >
                  {status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {!key.revoked_date && (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      {creating && (
        <CreateApiKeyDialog
          roles={(roles.data ?? []).filter((role) => !role.is_personal)}
          onClose={() => setCreating(false)}
          onCreated={refresh}
        />
      )}
      {revoking && (
        <ConfirmDialog
          opened
          title="Revoke API key"
          confirmLabel="Revoke"
          message={`Revoke ${revoking.name}? Every call that sends it is refused from now on. This cannot be undone.`}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </Stack>
  );
}

function CreateApiKeyDialog(props: {
  roles: { role_id: string; role_name: string }[];
  onClose: () => void;
  onCreated: () => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [access, setAccess] = useState<string | null>(PUBLISHED);
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const key = await createApiKey({
        name: name.trim(),
        scope: access === PUBLISHED ? 'published' : 'role',
        ...(access !== PUBLISHED && access && { role_id: access }),
        // A date means the end of that day where the administrator is.
        ...(expires && { expires_date: new Date(`${expires}T23:59:59`).toISOString() }),
      });
      setCreated(key);
      notify('success', `The API key ${key.name} has been created`);
      await props.onCreated();
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title="Create API key" size="lg" centered>
      {created ? (
        <Stack>
          <ShownOnce
            label="The new API key"
            value={created.key}
            note="Copy it now: Canopy keeps only a fingerprint and cannot show it again."
          />
          <Group justify="flex-end">
            <Button onClick={props.onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              description="Letters, digits, spaces and . _ - ; say who uses it, e.g. site-build"
              required
              data-autofocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={problem}
            />
            <Select
              label="Access"
              description="Published content reads delivery routes only; a role acts with its permissions"
              allowDeselect={false}
              data={[
                { value: PUBLISHED, label: 'Published content only' },
                ...props.roles.map((role) => ({ value: role.role_id, label: role.role_name })),
              ]}
              value={access}
              onChange={setAccess}
            />
            <TextInput
              type="date"
              label="Expires"
              description="Optional: the key stops working after this day"
              value={expires}
              onChange={(event) => setExpires(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={!name.trim()}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
