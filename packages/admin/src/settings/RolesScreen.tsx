/**
 * /admin/settings/roles: roles with rank and member count (§6); create one, delete an empty one.
 * A role's per-item permissions are set in the tree's permissions editor (Edit Permissions).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { errorMessage } from '@canopy/client';
import { ConfirmDialog, notify } from '@canopy/ui';
import { createRole, deleteRole, rolesQuery, usersQuery, type Role } from './api';
import { LoadError } from './LoadError';
import { ScreenHeader } from './SettingsLayout';
import { writeAndToast } from './write';

const BUILT_IN = ['administrator', 'editor', 'portal-editor', 'author'];

export function RolesScreen() {
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQuery());
  const users = useQuery(usersQuery());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const shown = (roles.data ?? []).filter((role) => !role.is_personal);
  const members = (roleId: string) =>
    (users.data ?? []).filter((user) => user.roles.includes(roleId)).length;

  const remove = async (role: Role) => {
    setDeleting(null);
    await writeAndToast(
      () => deleteRole(role.role_id),
      `The role ${role.role_name} has been deleted`,
      () => queryClient.invalidateQueries(rolesQuery()),
    );
  };

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Roles"
        text="Roles group permissions; a person may only hand out roles up to their own rank. Set a role's permissions on items with Edit Permissions in the content tree's menu."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create role
          </Button>
        }
      />
      {roles.isError && <LoadError what="The roles" error={roles.error} />}
      {roles.isLoading && <Skeleton h={200} />}
      {shown.length > 0 && (
        <Table striped highlightOnHover aria-label="Roles" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Id</Table.Th>
              <Table.Th>Rank</Table.Th>
              <Table.Th>Members</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((role) => {
              const count = members(role.role_id);
              const builtIn = BUILT_IN.includes(role.role_id);
              const reason = builtIn
                ? 'Built-in roles cannot be deleted'
                : count > 0
                  ? 'Only a role without members can be deleted'
                  : null;
              return (
                <Table.Tr key={role.role_id}>
                  <Table.Td fw={500}>
                    <Group gap="xs">
                      {role.role_name}
                      {role.is_admin === 1 && (
                        <Badge size="sm" variant="light">
                          Administrator
                        </Badge>
                      )}
                      {builtIn && (
                        <Badge size="sm" variant="light" color="gray">
                          Built-in
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {role.role_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{role.role_rank}</Table.Td>
                  <Table.Td>{users.data ? count : ''}</Table.Td>
                  <Table.Td ta="right">
                    <Tooltip label={reason} disabled={!reason}>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Delete ${role.role_name}`}
                        disabled={Boolean(reason) || !users.data}
                        onClick={() => setDeleting(role)}
                      >
                        Delete
                      </Button>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {creating && (
        <CreateRoleDialog
          onClose={() => setCreating(false)}
          onCreated={() => queryClient.invalidateQueries(rolesQuery())}
        />
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title="Delete role"
          confirmLabel="Delete"
          message={`Delete the role ${deleting.role_name}? Its permissions on every item go with it.`}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </Stack>
  );
}

function CreateRoleDialog(props: { onClose: () => void; onCreated: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [rank, setRank] = useState<number | string>(10);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const roleId =
    id ||
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const role = await createRole({
        role_id: roleId,
        role_name: name.trim(),
        role_rank: Number(rank),
      });
      notify('success', `The role ${role.role_name} has been created`);
      await props.onCreated();
      props.onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title="Create role" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Id"
            description="Used by the API and the command line; made from the name unless you set it"
            placeholder={roleId}
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
          />
          <NumberInput
            label="Rank"
            description="0 to 99; higher ranks may hand out lower ones"
            min={0}
            max={99}
            value={rank}
            onChange={setRank}
          />
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim() || !roleId}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
