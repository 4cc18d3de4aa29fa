/**
 * /admin/settings/users: people with their roles and status; add one (with a one-time password
 * shown once), change roles, reset a password, disable or enable. The server refuses disabling
 * or demoting the last enabled administrator, and disabling oneself; the screen shows why.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { errorMessage } from '@canopy/client';
import { ConfirmDialog, notify } from '@canopy/ui';
import { personQuery } from '../api';
import {
  addUser,
  changeUser,
  oneTimePassword,
  rolesQuery,
  setUserRoles,
  usersQuery,
  type Role,
  type User,
} from './api';
import { LoadError } from './LoadError';
import { ScreenHeader } from './SettingsLayout';
import { ShownOnce } from './ShownOnce';
import { writeAndToast } from './write';

type Action =
  | { kind: 'add' }
  | { kind: 'roles'; user: User }
  | { kind: 'password'; user: User; password: string }
  | { kind: 'disable'; user: User };

export const displayName = (user: User) =>
  [user.given_name, user.family_name].filter(Boolean).join(' ') || user.username;

/** Users whose name, username or email holds `text`, and who hold `role` when one is given. */
export function filterUsers(users: User[], text: string, role: string | null): User[] {
  const needle = text.trim().toLowerCase();
  return users.filter(
    (user) =>
      (!role || user.roles.includes(role)) &&
      (!needle ||
        [displayName(user), user.username, user.email ?? ''].some((value) =>
          value.toLowerCase().includes(needle),
        )),
  );
}

export function UsersScreen() {
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery());
  const roles = useQuery(rolesQuery());
  const person = useQuery(personQuery());
  const [text, setText] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const assignable = (roles.data ?? []).filter((r) => !r.is_personal);
  const roleName = (id: string) => assignable.find((r) => r.role_id === id)?.role_name ?? id;
  const shown = filterUsers(users.data ?? [], text, role);

  const reload = () => queryClient.invalidateQueries(usersQuery());
  const write = (run: () => Promise<unknown>, success: string) =>
    writeAndToast(run, success, reload);

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
        <TextInput
          aria-label="Filter users by name, username or email"
          placeholder="Filter by name, username or email"
          leftSection={<IconSearch size={14} aria-hidden />}
          w={320}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Select
          aria-label="Filter users by role"
          placeholder="Every role"
          clearable
          w={220}
          data={assignable.map((r) => ({ value: r.role_id, label: r.role_name }))}
          value={role}
          onChange={setRole}
        />
        {users.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown.length} of {users.data.length} users
          </Text>
        )}
      </Group>
      {users.isError && <LoadError what="The users" error={users.error} />}
      {users.isLoading && <Skeleton h={200} />}
      {users.isSuccess && shown.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text fw={500}>No user matches the filter.</Text>
        </Paper>
      )}
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover aria-label="Users" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user) => (
                <Table.Tr key={user.user_id}>
                  <Table.Td fw={500}>{displayName(user)}</Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email ?? ''}</Table.Td>
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
                        <Menu.Item onClick={() => void resetPassword(user)}>
                          Reset password
                        </Menu.Item>
                        {user.disabled ? (
                          <Menu.Item onClick={() => void setDisabled(user, 0)}>Enable</Menu.Item>
                        ) : (
                          <Menu.Item
                            color="red"
                            onClick={() => setAction({ kind: 'disable', user })}
                          >
                            Disable
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {action?.kind === 'add' && (
        <AddUserDialog roles={assignable} onClose={() => setAction(null)} onAdded={reload} />
      )}
      {action?.kind === 'roles' && (
        <RolesDialog
          user={action.user}
          roles={assignable}
          onClose={() => setAction(null)}
          onSave={async (next) => {
            const saved = await write(
              () => setUserRoles(action.user.user_id, next),
              `The roles of ${action.user.username} have been saved`,
            );
            if (saved) setAction(null);
          }}
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
            action.user.username === person.data?.preferred_username
              ? 'This is your own account: disabling it would sign you out everywhere. Disable yourself?'
              : `Disable ${action.user.username}? They are signed out at once and cannot sign in until enabled again.`
          }
          onCancel={() => setAction(null)}
          onConfirm={() => void setDisabled(action.user, 1)}
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<{ username: string; password: string } | null>(null);
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const password = oneTimePassword();
    try {
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
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title="Add user" size="lg" centered>
      {added ? (
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
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
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
            {problem && (
              <Text c="red" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={!values.username.trim()}>
                Add
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function RolesDialog(props: {
  user: User;
  roles: Role[];
  onClose: () => void;
  onSave: (roles: string[]) => Promise<void>;
}) {
  const [roles, setRoles] = useState(props.user.roles);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={props.onClose} title={`Roles of ${props.user.username}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void props.onSave(roles).finally(() => setBusy(false));
        }}
      >
        <Stack>
          <MultiSelect
            label="Roles"
            data-autofocus
            data={props.roles.map((r) => ({ value: r.role_id, label: r.role_name }))}
            value={roles}
            onChange={setRoles}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
