/**
 * The tree panel's permissions-editor mode (§2, §6): for a chosen role, one column per permission
 * (Edit, Create, Delete, Read) with a check mark where the role holds it, set on the item or
 * inherited from above, and an edit icon per item once a role is chosen. The edit dialog sets
 * each permission to Grant, Refuse or Inherit (null: the item inherits again) through
 * PUT /api/permissions/{role_id}.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import {
  PERMISSIONS,
  inheritPermissions,
  type MenuItem,
  type Permission,
  type RolePermissionSettings,
} from '@canopy/core';
import { ErrorList } from '@canopy/ui';
import { rolesQuery } from '../settings/api';
import { ROOT_ID, type ForestIndex } from './forest';
import classes from './tree.module.css';
import {
  rolePermissionsQuery,
  useSavePermissions,
  type Choice,
  type Flags,
  type PermissionData,
} from './permissions-api';

/** What the role holds on every item: its own settings, else the nearest ones above (§6). */
export function heldByItem(index: ForestIndex, data: PermissionData): Map<string, Permission[]> {
  const held = new Map<string, Permission[]>();
  const settingsOf = (id: string): RolePermissionSettings | undefined => {
    const flags = data[id];
    if (!flags) return undefined;
    const own = new Map<Permission, boolean>();
    for (const permission of PERMISSIONS) {
      const flag = flags[permission];
      if (flag) own.set(permission, flag.permission === 1);
    }
    return new Map([['role', own]]);
  };
  const walk = (id: string, state: RolePermissionSettings) => {
    const next = inheritPermissions(state, settingsOf(id));
    const settings = next.get('role');
    held.set(
      id,
      PERMISSIONS.filter((permission) => settings?.get(permission) === true),
    );
    for (const child of index.children.get(id) ?? []) walk(child, next);
  };
  for (const root of index.children.get(ROOT_ID) ?? []) walk(root, new Map());
  return held;
}

export interface PermissionsEditor {
  roleId: string | null;
  /** Chooses the role whose permissions are shown (Settings' 'Open in permissions editor'). */
  chooseRole: (roleId: string) => void;
  /** The role picker shown above the tree, with the column headings. */
  header: ReactNode;
  /** The columns of one row. */
  columns: (item: MenuItem) => ReactNode;
  dialog: ReactNode;
}

export function usePermissionsEditor(index: ForestIndex, active: boolean): PermissionsEditor {
  const roles = useQuery({ ...rolesQuery(), enabled: active });
  const [roleId, setRoleId] = useState<string | null>(null);
  const data = useQuery({ ...rolePermissionsQuery(roleId ?? ''), enabled: active && !!roleId });
  const held = useMemo(
    () => (data.data ? heldByItem(index, data.data) : new Map<string, Permission[]>()),
    [index, data.data],
  );
  const [editing, setEditing] = useState<MenuItem | null>(null);

  const header = (
    <Stack gap={4} px="xs" pb={4}>
      <Select
        size="xs"
        label="Role"
        placeholder="Choose a role"
        data={(roles.data ?? [])
          .filter((role) => !role.is_personal)
          .map((role) => ({ value: role.role_id, label: role.role_name }))}
        value={roleId}
        onChange={setRoleId}
      />
      <div className={classes.permissionHead} aria-hidden>
        {PERMISSIONS.map((permission) => (
          <span key={permission}>{permission}</span>
        ))}
        <span />
      </div>
    </Stack>
  );

  const columns = (item: MenuItem) => {
    const holds = held.get(item.content_id) ?? [];
    return (
      <span className={classes.permissions}>
        {PERMISSIONS.map((permission) => (
          <span key={permission} title={permission}>
            {roleId && holds.includes(permission) ? (
              <IconCheck size={14} aria-label={permission} />
            ) : null}
          </span>
        ))}
        <span>
          {roleId && (
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={`Edit permissions of ${item.content_name}`}
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                setEditing(item);
              }}
            >
              <IconPencil size={14} />
            </ActionIcon>
          )}
        </span>
      </span>
    );
  };

  const roleName = roles.data?.find((role) => role.role_id === roleId)?.role_name ?? roleId;
  const dialog =
    editing && roleId ? (
      <EditPermissionsDialog
        item={editing}
        roleId={roleId}
        roleName={roleName ?? roleId}
        own={data.data?.[editing.content_id] ?? {}}
        inherited={editing.parent_id ? (held.get(editing.parent_id) ?? []) : []}
        onClose={() => setEditing(null)}
      />
    ) : null;

  return { roleId, chooseRole: setRoleId, header, columns, dialog };
}

function EditPermissionsDialog(props: {
  item: MenuItem;
  roleId: string;
  roleName: string;
  own: Flags;
  inherited: Permission[];
  onClose: () => void;
}) {
  const { item, roleId, own, inherited } = props;
  const [choices, setChoices] = useState<Record<Permission, Choice>>(
    () =>
      Object.fromEntries(
        PERMISSIONS.map((permission) => {
          const flag = own[permission];
          return [permission, !flag ? 'inherit' : flag.permission === 1 ? 'grant' : 'refuse'];
        }),
      ) as Record<Permission, Choice>,
  );
  const save = useSavePermissions(roleId, item.content_id, props.onClose);
  // A refusal is the server's { code, message } reply.
  const failure = save.error
    ? [(save.error as { message?: string }).message ?? String(save.error)]
    : [];

  return (
    <Modal opened onClose={props.onClose} title="Edit Permissions" centered>
      <Stack gap="sm">
        <Text size="sm">
          <b>{props.roleName}</b> on <b>{item.content_name}</b>
        </Text>
        <Table>
          <Table.Tbody>
            {PERMISSIONS.map((permission) => (
              <Table.Tr key={permission}>
                <Table.Td>{permission}</Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    aria-label={permission}
                    value={choices[permission]}
                    onChange={(value) =>
                      setChoices((current) => ({ ...current, [permission]: value as Choice }))
                    }
                    data={[
                      {
                        value: 'inherit',
                        label: `Inherit (${inherited.includes(permission) ? 'granted' : 'not held'})`,
                      },
                      { value: 'grant', label: 'Grant' },
                      { value: 'refuse', label: 'Refuse' },
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ErrorList errors={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(choices)}>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
