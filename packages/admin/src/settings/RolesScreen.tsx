/**
 * /admin/settings/roles: roles with rank and member count (§6), paged and sorted by the server;
 * create one, rename it or change its rank (never above your own), delete an empty one, and open
 * it in the tree's permissions editor to set its per-item permissions.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { ConfirmDialog, notify } from '@canopy/ui';
import {
  changeRole,
  createRole,
  deleteRole,
  rolesPageQuery,
  type Role,
  type SortOf,
  type RolesRequest,
} from './api';
import { FormDialog, ListTable, useListRequest, useSettingsWrite, ListFilter } from './parts';
import { ScreenHeader } from './SettingsLayout';

const BUILT_IN = ['administrator', 'editor', 'portal-editor', 'author'];

type Action = { kind: 'create' } | { kind: 'edit'; role: Role } | { kind: 'delete'; role: Role };

/** Why a role cannot be deleted, or null. */
export function deleteRefusal(role: Role): string | null {
  if (BUILT_IN.includes(role.role_id)) return 'Built-in roles cannot be deleted';
  if (role.member_count > 0) return 'Only a role without members can be deleted';
  return null;
}

export function RolesScreen() {
  const navigate = useNavigate();
  const list = useListRequest<SortOf<RolesRequest>>('role_rank', 'desc');
  const roles = useQuery(rolesPageQuery({ ...list.request, personal: false }));
  const { write, refresh } = useSettingsWrite('roles', 'users');
  const [action, setAction] = useState<Action | null>(null);

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Roles"
        text="Roles group permissions; a person may only hand out roles up to their own rank. Open a role in the permissions editor to set what it may do on each item."
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAction({ kind: 'create' })}
          >
            Create role
          </Button>
        }
      />
      <ListFilter list={list} what="roles" by="name or id" />
      <ListTable
        label="Roles"
        what="The roles"
        list={list}
        query={roles}
        columns={[
          { label: 'Name', sort: 'role_name' },
          { label: 'Id' },
          { label: 'Rank', sort: 'role_rank' },
          { label: 'Members', sort: 'member_count' },
        ]}
        empty={<Text fw={500}>No role matches the filter.</Text>}
        row={(role) => {
          const refusal = deleteRefusal(role);
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
                  {role.is_personal === 1 && (
                    <Badge size="sm" variant="light" color="gray">
                      Personal
                    </Badge>
                  )}
                  {BUILT_IN.includes(role.role_id) && (
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
              <Table.Td>{role.member_count}</Table.Td>
              <Table.Td ta="right">
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${role.role_name}`}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconShieldLock size={14} />}
                      onClick={() =>
                        void navigate(`/?permissions=${encodeURIComponent(role.role_id)}`)
                      }
                    >
                      Open in permissions editor
                    </Menu.Item>
                    <Menu.Item
                      disabled={role.is_personal === 1}
                      onClick={() => setAction({ kind: 'edit', role })}
                    >
                      Rename or change rank
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      disabled={Boolean(refusal)}
                      title={refusal ?? undefined}
                      onClick={() => setAction({ kind: 'delete', role })}
                    >
                      {refusal ? `Delete (${refusal.toLowerCase()})` : 'Delete'}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      {action?.kind === 'create' && (
        <CreateRoleDialog onClose={() => setAction(null)} onCreated={refresh} />
      )}
      {action?.kind === 'edit' && (
        <EditRoleDialog role={action.role} onClose={() => setAction(null)} onSaved={refresh} />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          opened
          title="Delete role"
          confirmLabel="Delete"
          message={`Delete the role ${action.role.role_name}? Its permissions on every item go with it.`}
          onCancel={() => setAction(null)}
          onConfirm={() => {
            setAction(null);
            void write(
              () => deleteRole(action.role.role_id),
              `The role ${action.role.role_name} has been deleted`,
            );
          }}
        />
      )}
    </Stack>
  );
}

const RANK_HELP = '0 to 99; higher ranks may hand out lower ones, never above your own';

function CreateRoleDialog(props: { onClose: () => void; onCreated: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [rank, setRank] = useState<number | string>(10);
  const roleId =
    id ||
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');

  return (
    <FormDialog
      title="Create role"
      submitLabel="Create"
      canSubmit={Boolean(name.trim() && roleId)}
      onClose={props.onClose}
      onSubmit={async () => {
        const role = await createRole({
          role_id: roleId,
          role_name: name.trim(),
          role_rank: Number(rank),
        });
        notify('success', `The role ${role.role_name} has been created`);
        await props.onCreated();
        props.onClose();
      }}
    >
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
        description={RANK_HELP}
        min={0}
        max={99}
        value={rank}
        onChange={setRank}
      />
    </FormDialog>
  );
}

function EditRoleDialog(props: { role: Role; onClose: () => void; onSaved: () => Promise<void> }) {
  const [name, setName] = useState(props.role.role_name);
  const [rank, setRank] = useState<number | string>(props.role.role_rank);
  const admin = props.role.is_admin === 1;
  return (
    <FormDialog
      title={`Edit role ${props.role.role_name}`}
      submitLabel="Save"
      canSubmit={Boolean(name.trim())}
      onClose={props.onClose}
      onSubmit={async () => {
        const role = await changeRole(props.role.role_id, {
          role_name: name.trim(),
          ...(!admin && { role_rank: Number(rank) }),
        });
        notify('success', `The role ${role.role_name} has been saved`);
        await props.onSaved();
        props.onClose();
      }}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <NumberInput
        label="Rank"
        description={admin ? 'An administrator role keeps its rank (100)' : RANK_HELP}
        disabled={admin}
        min={0}
        max={99}
        value={rank}
        onChange={setRank}
      />
    </FormDialog>
  );
}
