/**
 * /admin/microapps: a site's micro-apps (registered by administrators: name, versions and how
 * each runs, the APIs it calls) and their instances (created, configured and deleted by
 * PORTAL-EDITOR members and administrators).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconApps, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '@canopy/client';
import { ConfirmDialog, notify, formatUpdated } from '@canopy/ui';
import { personQuery, sitesQuery } from '../api';
import { MICROAPP_TOASTS } from '@canopy/ui/fields/pickers';
import {
  createInstance,
  deleteInstance,
  deleteMicroapp,
  microappBaseQuery,
  registerMicroapp,
  siteMicroappsQuery,
  updateInstance,
  updateMicroapp,
  type MicroappInstance,
  type SiteMicroapp,
} from '@canopy/ui/microapps';
import { InstanceDialog } from './InstanceDialog';
import { MicroappDialog } from './MicroappDialog';

type Editing =
  | { kind: 'register' }
  | { kind: 'microapp'; app: SiteMicroapp }
  | { kind: 'new-instance'; app: SiteMicroapp }
  | { kind: 'instance'; app: SiteMicroapp; instance: MicroappInstance };

type Removing =
  | { kind: 'microapp'; app: SiteMicroapp }
  | { kind: 'instance'; app: SiteMicroapp; instance: MicroappInstance };

export function MicroappsScreen() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sites = useQuery(sitesQuery());
  const person = useQuery(personQuery());
  const base = useQuery(microappBaseQuery());
  const siteId = params.get('site') ?? sites.data?.[0]?.site_id ?? null;
  const site = sites.data?.find((s) => s.site_id === siteId);
  const list = useQuery(siteMicroappsQuery(base.data, site?.site_name));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const isAdmin = Boolean(person.data?.is_admin);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['microapps', 'site'] });
  const done = async (message: string) => {
    notify('success', message);
    setEditing(null);
    await reload();
  };

  const remove = async (what: Removing) => {
    setRemoving(null);
    try {
      if (what.kind === 'microapp') {
        await deleteMicroapp(base.data!, what.app.microapp_id);
        notify('success', `The micro-app ${what.app.name} has been removed`);
      } else {
        await deleteInstance(base.data!, what.instance);
        notify('success', `The instance ${what.instance.instance_name} has been deleted`);
      }
    } catch (error) {
      notify('error', errorMessage(error, 'The server could not be reached'));
    }
    await reload();
  };

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group justify="space-between">
        <Group gap="xs">
          <IconApps size={24} aria-hidden />
          <Title order={2} size="h3">
            Micro-apps
          </Title>
        </Group>
        <Group gap="sm">
          <Select
            aria-label="Site of the micro-apps"
            size="sm"
            w={220}
            data={(sites.data ?? []).map((s) => ({ value: s.site_id, label: s.site_name }))}
            value={siteId}
            allowDeselect={false}
            onChange={(next) => next && setParams({ site: next })}
          />
          <Tooltip label="Only administrators register micro-apps" disabled={isAdmin}>
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!isAdmin || !site}
              onClick={() => setEditing({ kind: 'register' })}
            >
              Register micro-app
            </Button>
          </Tooltip>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Small applications built apart from Canopy, placed on pages as configured instances through
        a Micro-app Reference Picker field.
      </Text>

      {(list.isError || base.isError) && (
        <Alert color="red" title="The micro-apps could not be loaded">
          {errorMessage(list.error ?? base.error, 'The micro-app API did not answer.')}
        </Alert>
      )}
      {list.isLoading && <Skeleton h={160} />}
      {list.isSuccess && list.data.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Text fw={500}>{site?.site_name} has no micro-apps yet.</Text>
          <Text size="sm" c="dimmed">
            {isAdmin
              ? 'Register micro-app to add the first one.'
              : 'An administrator registers micro-apps; ask one to add the first.'}
          </Text>
        </Paper>
      )}
      {list.data?.map((app) => (
        <MicroappCard
          key={app.microapp_id}
          app={app}
          isAdmin={isAdmin}
          onEdit={() => setEditing({ kind: 'microapp', app })}
          onRemove={() => setRemoving({ kind: 'microapp', app })}
          onNewInstance={() => setEditing({ kind: 'new-instance', app })}
          onEditInstance={(instance) => setEditing({ kind: 'instance', app, instance })}
          onDeleteInstance={(instance) => setRemoving({ kind: 'instance', app, instance })}
        />
      ))}

      {editing?.kind === 'register' && site && (
        <MicroappDialog
          siteName={site.site_name}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await registerMicroapp(base.data!, { ...values, site_id: site.site_id });
            await done(`The micro-app ${values.name} has been registered`);
          }}
        />
      )}
      {editing?.kind === 'microapp' && site && (
        <MicroappDialog
          siteName={site.site_name}
          app={editing.app}
          onClose={() => setEditing(null)}
          onSave={async ({ microapp_id: _id, ...changes }) => {
            await updateMicroapp(base.data!, editing.app.microapp_id, changes);
            await done(`The micro-app ${changes.name} has been saved`);
          }}
        />
      )}
      {editing?.kind === 'new-instance' && (
        <InstanceDialog
          app={editing.app}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            try {
              await createInstance(base.data!, { microapp_id: editing.app.microapp_id, ...values });
            } catch (error) {
              notify('error', MICROAPP_TOASTS.createError);
              throw error;
            }
            await done(MICROAPP_TOASTS.created);
          }}
        />
      )}
      {editing?.kind === 'instance' && (
        <InstanceDialog
          app={editing.app}
          instance={editing.instance}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await updateInstance(base.data!, editing.instance, values);
            await done(`The instance ${values.instance_name} has been saved`);
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          opened
          title={removing.kind === 'microapp' ? 'Remove micro-app' : 'Delete instance'}
          confirmLabel={removing.kind === 'microapp' ? 'Remove' : 'Delete'}
          message={
            removing.kind === 'microapp'
              ? `Remove ${removing.app.name} from ${site?.site_name}? Only a micro-app without instances can be removed.`
              : `Delete the instance ${removing.instance.instance_name}? Pages that place it show nothing there from their next build.`
          }
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </Stack>
  );
}

function MicroappCard(props: {
  app: SiteMicroapp;
  isAdmin: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onNewInstance: () => void;
  onEditInstance: (instance: MicroappInstance) => void;
  onDeleteInstance: (instance: MicroappInstance) => void;
}) {
  const { app } = props;
  return (
    <Paper withBorder p="md" component="section" aria-label={app.name}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={3} size="h4">
              {app.name}
            </Title>
            <Code>{app.microapp_id}</Code>
          </Group>
          {app.description && (
            <Text size="sm" c="dimmed">
              {app.description}
            </Text>
          )}
        </div>
        {props.isAdmin && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={props.onEdit}
              aria-label={`Edit micro-app ${app.name}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={props.onRemove}
              aria-label={`Remove micro-app ${app.name}`}
            >
              Remove
            </Button>
          </Group>
        )}
      </Group>

      <Text size="sm" fw={500} mt="sm">
        Versions
      </Text>
      <Table fz="sm" verticalSpacing={4} aria-label={`Versions of ${app.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>Version</Table.Th>
            <Table.Th w={160}>Runs as</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {app.versions.map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td>
                {v.runtime === 'module' ? (
                  <Code style={{ whiteSpace: 'nowrap' }}>{`<${v.element_name}>`}</Code>
                ) : (
                  'Framed page'
                )}
              </Table.Td>
              <Table.Td>
                <Code>{v.runtime === 'module' ? v.module_url : v.frame_url}</Code>
                {v.runtime === 'frame' && v.frame_height ? ` (${v.frame_height} px high)` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="xs">
        <Text span fw={500}>
          Registered client APIs:{' '}
        </Text>
        {app.registeredclientapis.length === 0
          ? 'none'
          : app.registeredclientapis
              .map((api) => `${api.name} (${api.method} ${api.url})`)
              .join(', ')}
      </Text>

      <Group justify="space-between" mt="md" mb={4}>
        <Text size="sm" fw={500}>
          Instances
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={props.onNewInstance}
        >
          New instance
        </Button>
      </Group>
      {app.instances.length === 0 ? (
        <Text size="sm" c="dimmed">
          No instances yet. Create one here, or in place from a Micro-app Reference Picker field.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} highlightOnHover aria-label={`Instances of ${app.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Instance</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Configuration</Table.Th>
              <Table.Th>Modified by</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {app.instances.map((instance) => (
              <Table.Tr key={instance.instance_id}>
                <Table.Td>
                  <Text size="sm">{instance.instance_name}</Text>
                  <Text size="xs" c="dimmed">
                    {instance.unique_name}
                  </Text>
                </Table.Td>
                <Table.Td>{instance.instance_version}</Table.Td>
                <Table.Td>
                  <Configuration values={instance.configuration} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm" style={{ overflow: 'visible' }}>
                    {instance.ad_groups_modify}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatUpdated(instance.created_date)}</Text>
                  <Text size="xs" c="dimmed">
                    by {instance.created_by}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Edit instance ${instance.instance_name}`}
                      onClick={() => props.onEditInstance(instance)}
                    >
                      <IconPencil size={14} />
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete instance ${instance.instance_name}`}
                      onClick={() => props.onDeleteInstance(instance)}
                    >
                      <IconTrash size={14} />
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function Configuration({ values }: { values: Record<string, string> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        defaults
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {entries.map(([name, value]) => (
        <Text size="xs" key={name} lineClamp={1} title={`${name}: ${value}`}>
          <Text span size="xs" c="dimmed">
            {name}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}
