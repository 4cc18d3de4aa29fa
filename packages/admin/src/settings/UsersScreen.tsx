/**
 * /admin/settings/users: people with their roles, external issuer, last sign-in and status,
 * filtered by text and role, sorted and paged by the server; add one (with a one-time password
 * shown once), change roles, reset a password (shown once), disable or enable, delete one who
 * holds no lock. The server refuses disabling, demoting or deleting the last enabled
 * administrator, and disabling or deleting oneself; changes to one's own account ask first.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { ConfirmDialog, notify, formatUpdated } from '@canopy/ui';
import { personQuery } from '../api';
import {
  addUser,
  changeUser,
  deleteUser,
  oneTimePassword,
  rolesQuery,
  setUserRoles,
  usersPageQuery,
  type Role,
  type User,
  type SortOf,
  type UsersRequest,
} from './api';
import { FormDialog, ListTable, useListRequest, useSettingsWrite, ListFilter } from './parts';
import { ScreenHeader } from './SettingsLayout';
import { ShownOnce } from './ShownOnce';

type Action =
  | { kind: 'add' }
  | { kind: 'roles'; user: User }
  | { kind: 'demote-self'; user: User; roles: string[] }
  | { kind: 'password'; user: User; password: string }
  | { kind: 'disable'; user: User }
  | { kind: 'delete'; user: User };

export const displayName = (user: User) =>
  [user.given_name, user.family_name].filter(Boolean).join(' ') || user.username;

/** Whether `next` leaves a user without any of the administrator roles they hold now. */
export function dropsAdministrator(roles: Role[], current: string[], next: string[]): boolean {
  const admin = (ids: string[]) =>
    ids.some((id) => roles.find((role) => role.role_id === id)?.is_admin === 1);
  return admin(current) && !admin(next);
}

export function UsersScreen() {
  const list = useListRequest<SortOf<UsersRequest>>('username');
  const [role, setRole] = useState<string | null>(null);
  const users = useQuery(usersPageQuery({ ...list.request, ...(role && { role }) }));
  const roles = useQuery(rolesQuery());
  const person = useQuery(personQuery());
  const [action, setAction] = useState<Action | null>(null);
  const { write, refresh } = useSettingsWrite('users', 'roles');
  const assignable = (roles.data ?? []).filter((r) => !r.is_personal);
  const roleName = (id: string) => assignable.find((r) => r.role_id === id)?.role_name ?? id;
  const isSelf = (user: User) => user.username === person.data?.preferred_username;

  const setDisabled = async (user: User, disabled: 0 | 1) => {
    setAction(null);
    await write(
      () => changeUser(user.user_id, { disabled }),
      `${user.username} has been ${disabled ? 'disabled' : 'enabled'}`,
    );
  };

  const resetPassword = async (user: User) => {
    const password = oneTimePassword();
    const done = await write(
      () => changeUser(user.user_id, { password }),
      `The password of ${user.username} has been reset`,
    );
    if (done) setAction({ kind: 'password', user, password });
  };

  const saveRoles = async (user: User, next: string[]) => {
    const saved = await write(
      () => setUserRoles(user.user_id, next),
      `The roles of ${user.username} have been saved`,
    );
    if (saved) setAction(null);
  };

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Users"
        text="People who sign in to Canopy, their roles and whether they may sign in. A disabled person's sessions stop at once."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAction({ kind: 'add' })}>
            Add user
          </Button>
        }
      />
      <Group gap="sm">
        <ListFilter list={list} what="users" by="name, username or email" />
        <Select
          aria-label="Filter users by role"
          placeholder="Every role"
          clearable
          w={220}
          data={assignable.map((r) => ({ value: r.role_id, label: r.role_name }))}
          value={role}
          onChange={(value) => {
            setRole(value);
            list.setPage(1);
          }}
        />
      </Group>
      <ListTable
        label="Users"
        what="The users"
        list={list}
        query={users}
        minWidth={640}
        columns={[
          { label: 'Name and email', sort: 'display_name' },
          { label: 'Username', sort: 'username' },
          { label: 'Roles' },
          { label: 'Last sign-in', sort: 'last_sign_in_date' },
          { label: 'Status', sort: 'disabled' },
        ]}
        empty={<Text fw={500}>No user matches the filter.</Text>}
        row={(user) => (
          <Table.Tr key={user.user_id}>
            <Table.Td>
              <Text fw={500} size="sm">
                {displayName(user)}
              </Text>
              {user.email && (
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{user.username}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {user.roles.map((id) => (
                  <Badge key={id} variant="light" color="gray">
                    {roleName(id)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              {user.last_sign_in_date ? formatUpdated(user.last_sign_in_date) : 'Never'}
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                with {user.issuer ?? 'Canopy'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={user.disabled ? 'red' : 'teal'}>
                {user.disabled ? 'Disabled' : 'Active'}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`Actions for ${user.username}`}>
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setAction({ kind: 'roles', user })}>
                    Change roles
                  </Menu.Item>
                  <Menu.Item onClick={() => void resetPassword(user)}>Reset password</Menu.Item>
                  {user.disabled ? (
                    <Menu.Item onClick={() => void setDisabled(user, 0)}>Enable</Menu.Item>
                  ) : (
                    <Menu.Item color="red" onClick={() => setAction({ kind: 'disable', user })}>
                      Disable
                    </Menu.Item>
                  )}
                  <Menu.Item color="red" onClick={() => setAction({ kind: 'delete', user })}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        )}
      />

      {action?.kind === 'add' && (
        <AddUserDialog roles={assignable} onClose={() => setAction(null)} onAdded={refresh} />
      )}
      {action?.kind === 'roles' && (
        <RolesDialog
          user={action.user}
          roles={assignable}
          onClose={() => setAction(null)}
          onSave={async (next) => {
            if (isSelf(action.user) && dropsAdministrator(assignable, action.user.roles, next))
              setAction({ kind: 'demote-self', user: action.user, roles: next });
            else await saveRoles(action.user, next);
          }}
        />
      )}
      {action?.kind === 'demote-self' && (
        <ConfirmDialog
          opened
          title="Remove your administrator role"
          confirmLabel="Remove"
          message="These roles leave you without an administrator role: you could no longer open Settings. Save them?"
          onCancel={() => setAction(null)}
          onConfirm={() => void saveRoles(action.user, action.roles)}
        />
      )}
      {action?.kind === 'password' && (
        <Modal opened onClose={() => setAction(null)} title="New password" size="lg" centered>
          <Stack>
            <ShownOnce
              label={`The new password of ${action.user.username}`}
              value={action.password}
              note="Give it to them privately; it is not shown again."
            />
            <Group justify="flex-end">
              <Button onClick={() => setAction(null)}>Done</Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {action?.kind === 'disable' && (
        <ConfirmDialog
          opened
          title="Disable user"
          confirmLabel="Disable"
          message={
            isSelf(action.user)
              ? 'This is your own account: disabling it would sign you out everywhere. Disable yourself?'
              : `Disable ${action.user.username}? They are signed out at once and cannot sign in until enabled again.`
          }
          onCancel={() => setAction(null)}
          onConfirm={() => void setDisabled(action.user, 1)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          opened
          title="Delete user"
          confirmLabel="Delete"
          message={
            isSelf(action.user)
              ? 'This is your own account. Delete yourself?'
              : `Delete ${action.user.username}? They can no longer sign in, and their roles and personal permissions go. What they wrote keeps their name. This cannot be undone.`
          }
          onCancel={() => setAction(null)}
          onConfirm={() => {
            const { user } = action;
            setAction(null);
            void write(() => deleteUser(user.user_id), `${user.username} has been deleted`);
          }}
        />
      )}
    </Stack>
  );
}

function AddUserDialog(props: {
  roles: Role[];
  onClose: () => void;
  onAdded: () => Promise<void>;
}) {
  const [values, setValues] = useState({
    username: '',
    given_name: '',
    family_name: '',
    email: '',
  });
  const [roles, setRoles] = useState<string[]>([]);
  const [added, setAdded] = useState<{ username: string; password: string } | null>(null);
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  if (added)
    return (
      <Modal opened onClose={props.onClose} title="Add user" size="lg" centered>
        <Stack>
          <ShownOnce
            label={`The one-time password of ${added.username}`}
            value={added.password}
            note="Give it to them privately; it is not shown again. Reset password makes a new one."
          />
          <Group justify="flex-end">
            <Button onClick={props.onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  return (
    <FormDialog
      title="Add user"
      submitLabel="Add"
      size="lg"
      canSubmit={Boolean(values.username.trim())}
      onClose={props.onClose}
      onSubmit={async () => {
        const password = oneTimePassword();
        const user = await addUser({
          username: values.username.trim(),
          given_name: values.given_name.trim(),
          family_name: values.family_name.trim(),
          email: values.email.trim() || null,
          password,
          roles,
        });
        setAdded({ username: user.username, password });
        notify('success', `${user.username} has been added`);
        await props.onAdded();
      }}
    >
      <TextInput label="Username" required data-autofocus {...field('username')} />
      <Group grow>
        <TextInput label="Given name" {...field('given_name')} />
        <TextInput label="Family name" {...field('family_name')} />
      </Group>
      <TextInput label="Email" type="email" {...field('email')} />
      <MultiSelect
        label="Roles"
        data={props.roles.map((r) => ({ value: r.role_id, label: r.role_name }))}
        value={roles}
        onChange={setRoles}
        comboboxProps={{ withinPortal: true }}
      />
    </FormDialog>
  );
}

function RolesDialog(props: {
  user: User;
  roles: Role[];
  onClose: () => void;
  onSave: (roles: string[]) => Promise<void>;
}) {
  const [roles, setRoles] = useState(props.user.roles);
  return (
    <FormDialog
      title={`Roles of ${props.user.username}`}
      submitLabel="Save"
      canSubmit
      onClose={props.onClose}
      onSubmit={() => props.onSave(roles)}
    >
      <MultiSelect
        label="Roles"
        data-autofocus
        data={props.roles.map((r) => ({ value: r.role_id, label: r.role_name }))}
        value={roles}
        onChange={setRoles}
      />
    </FormDialog>
  );
}
