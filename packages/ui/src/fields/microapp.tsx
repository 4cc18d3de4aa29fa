/**
 * Micro-app Reference Picker (§2, §5, §7): the instances of the definition's micro-app (and
 * version, when it names one) to choose from, and a new instance made in place. The value is
 * the chosen instance ids joined with '|' (§9).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
  type ComboboxItemGroup,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  joinInstanceIds,
  MICROAPP_DEFAULT_MODIFIER_GROUP,
  MICROAPP_DEFAULT_STATUS,
  splitInstanceIds,
} from '@canopy/core';
import { errorMessage } from '@canopy/client';
import { notify } from '../toasts';
import { sitesQuery } from '../server-state';
import {
  createInstance,
  microappBaseQuery,
  siteMicroappsQuery,
  type MicroappInstance,
  type SiteMicroapp,
} from '../microapps/api';
import { useEditedItem, type FieldEditorProps, type FieldKind } from '../draft';

/** The §8 texts of this field. */
export const MICROAPP_TOASTS = {
  created: 'New Microapp Instance Created',
  createError: 'Error creating new microapp instance',
} as const;

/** What the picker may offer: the definition's micro-app (and version) or, unset, every one. */
function offered(apps: SiteMicroapp[], microappId: string | null, version: string | null) {
  return apps
    .filter((app) => !microappId || app.microapp_id === microappId)
    .map((app) => ({
      app,
      instances: app.instances.filter((i) => !version || i.instance_version === version),
    }));
}

const optionOf = (instance: MicroappInstance): ComboboxItem => ({
  value: instance.instance_id,
  label: `${instance.instance_name} (version ${instance.instance_version})`,
});

/** The site the item belongs to, by name (the micro-app API lists a site by its name). */
function useSiteName(): { siteName: string | undefined; noSite: boolean } {
  const siteId = useEditedItem()?.site_id ?? null;
  const sites = useQuery({ ...sitesQuery(), enabled: siteId !== null });
  return {
    siteName: sites.data?.find((site) => site.site_id === siteId)?.site_name,
    noSite: siteId === null,
  };
}

export function MicroappPicker(props: FieldEditorProps) {
  const { definition } = props;
  const queryClient = useQueryClient();
  const { siteName, noSite } = useSiteName();
  const base = useQuery(microappBaseQuery());
  const list = useQuery(siteMicroappsQuery(base.data, siteName));
  const [newName, setNewName] = useState('');
  const [creating, setCreating] = useState(false);
  const [createProblem, setCreateProblem] = useState<string | null>(null);

  const microappId = definition.microapp_id?.trim() || null;
  const version = definition.microapp_version?.trim() || null;
  const choices = offered(list.data ?? [], microappId, version);
  const app = microappId ? choices[0]?.app : undefined;
  const chosen = splitInstanceIds(props.value);
  const known = new Set(choices.flatMap((c) => c.instances.map((i) => i.instance_id)));
  // Ids the list does not have stay visible, so they can be seen and removed.
  const unknown = list.isSuccess ? chosen.filter((id) => !known.has(id)) : [];
  const data: ComboboxItemGroup<ComboboxItem>[] = [
    ...choices.map(({ app: each, instances }) => ({
      group: each.name,
      items: instances.map(optionOf),
    })),
    ...(unknown.length > 0
      ? [
          {
            group: 'Not found',
            items: unknown.map((id) => ({ value: id, label: `Unknown instance ${id}` })),
          },
        ]
      : []),
  ];
  const none = list.isSuccess && known.size === 0;

  const create = async () => {
    const name = newName.trim();
    if (!name || !microappId || !base.data) return;
    setCreating(true);
    setCreateProblem(null);
    try {
      const instance = await createInstance(base.data, {
        microapp_id: microappId,
        name: app?.name ?? microappId,
        instance_name: name,
        ...(version && { instance_version: version }),
        ad_groups_modify: MICROAPP_DEFAULT_MODIFIER_GROUP,
        status: MICROAPP_DEFAULT_STATUS,
      });
      notify('success', MICROAPP_TOASTS.created);
      setNewName('');
      props.onChange(joinInstanceIds([...chosen, instance.instance_id]));
      await queryClient.invalidateQueries({ queryKey: ['microapps', 'site'] });
    } catch (error) {
      notify('error', MICROAPP_TOASTS.createError);
      setCreateProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setCreating(false);
    }
  };

  const createId = `${props.inputId}-new`;
  return (
    <Stack gap={6}>
      <MultiSelect
        id={props.inputId}
        ref={props.focusRef as React.Ref<HTMLInputElement>}
        label={props.label}
        description={props.description}
        withAsterisk={props.required}
        error={props.error}
        data={data}
        value={chosen}
        onChange={(ids) => props.onChange(joinInstanceIds(ids))}
        onBlur={props.onBlur}
        readOnly={props.readOnly}
        searchable
        clearable={!props.readOnly}
        hidePickedOptions
        placeholder={
          list.isLoading || base.isLoading
            ? 'Loading micro-app instances...'
            : chosen.length === 0
              ? 'Choose an instance'
              : undefined
        }
        nothingFoundMessage={none ? 'No instances yet: create one below' : 'No matching instance'}
      />
      {noSite && (
        <Text size="xs" c="dimmed">
          This item belongs to no site, so it has no micro-apps to choose from.
        </Text>
      )}
      {(list.isError || base.isError) && (
        <Alert color="red" variant="light" p="xs" title="The micro-apps could not be loaded">
          {errorMessage(list.error ?? base.error, 'The micro-app API did not answer.')}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {list.isSuccess && microappId && !app && (
        <Text size="xs" c="red">
          {`The site ${siteName} has no micro-app "${microappId}": register it in Micro-apps or change this field's micro-app id.`}
        </Text>
      )}
      {!props.readOnly && app && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={createId}
            size="xs"
            style={{ flex: 1, maxWidth: 360 }}
            label={`New ${app.name} instance`}
            placeholder="Instance name"
            value={newName}
            onChange={(event) => {
              setNewName(event.currentTarget.value);
              setCreateProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void create();
              }
            }}
            error={createProblem}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={newName.trim() === ''}
            loading={creating}
            onClick={() => void create()}
          >
            Create instance
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export const microappKind: FieldKind = { Editor: MicroappPicker };
