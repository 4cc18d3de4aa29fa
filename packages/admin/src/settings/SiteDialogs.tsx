/**
 * The sites screen's dialogs: create a site (name, home item picked with Select Item or a new
 * home page from a page template, and where its targets are served) and edit one (name and
 * targets; a target CANOPY_SITES sets is shown, not edited).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { MenuItem } from '@canopy/core';
import { notify } from '@canopy/ui';
import { menusQuery } from '../api';
import { SelectItemDialog } from '@canopy/ui/items';
import { changeSite, createSite, type Site } from './api';
import { FormDialog } from './parts';

type Mode = 'delivery' | 'preview';
const MODES: Mode[] = ['delivery', 'preview'];
const MODE_LABEL: Record<Mode, string> = { delivery: 'Delivery', preview: 'Preview' };

interface TargetValue {
  hosts: string;
  base_path: string;
}

/** Host names as typed (commas, spaces or new lines between them), without empty ones. */
export function parseHosts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);
}

const targetBody = (value: TargetValue) => ({
  hosts: parseHosts(value.hosts),
  base_path: value.base_path.trim() || '/',
});

function TargetFields(props: {
  mode: Mode;
  value: TargetValue;
  fromEnvironment: boolean;
  onChange: (value: TargetValue) => void;
}) {
  const label = MODE_LABEL[props.mode];
  return (
    <Fieldset legend={`${label} target`} variant="filled">
      <Stack gap="xs">
        {props.fromEnvironment && (
          <Text size="sm" c="dimmed">
            Set by CANOPY_SITES, which wins over what is stored here: change it there.
          </Text>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={`${label} host names`}
            description="Separated by commas; none: any host (the default site only)"
            placeholder="www.example.com"
            disabled={props.fromEnvironment}
            value={props.value.hosts}
            onChange={(event) =>
              props.onChange({ ...props.value, hosts: event.currentTarget.value })
            }
          />
          <TextInput
            label={`${label} base path`}
            description="Where its pages start, e.g. / or /preview"
            disabled={props.fromEnvironment}
            value={props.value.base_path}
            onChange={(event) =>
              props.onChange({ ...props.value, base_path: event.currentTarget.value })
            }
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

function flatten(forest: readonly MenuItem[]): MenuItem[] {
  return forest.flatMap((item) => [item, ...flatten(item.children)]);
}

export function CreateSiteDialog(props: {
  sites: Site[];
  onClose: () => void;
  onCreated: () => Promise<void>;
}) {
  const menus = useQuery(menusQuery());
  const forest = useMemo(() => menus.data ?? [], [menus.data]);
  const contentForest = useMemo(
    () => forest.filter((item) => item.item_type !== 'template'),
    [forest],
  );
  const pageTemplates = useMemo(
    () =>
      flatten(forest).filter(
        (item) => item.item_type === 'template' && item.template_type_id === 'page-template',
      ),
    [forest],
  );
  const [name, setName] = useState('');
  const [homeKind, setHomeKind] = useState<'new' | 'existing'>('new');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [homeName, setHomeName] = useState('Home');
  const [picked, setPicked] = useState<MenuItem | null>(null);
  const [picking, setPicking] = useState(false);
  const [targets, setTargets] = useState<Record<Mode, TargetValue>>({
    delivery: { hosts: '', base_path: '/' },
    preview: { hosts: '', base_path: '/preview' },
  });
  // Pages already in a site: below one of the sites' home items.
  const homes = props.sites.flatMap((site) => {
    const home =
      site.root && flatten(contentForest).find((i) => i.content_id === site.root!.content_id);
    return home ? [{ site: site.site_name, path: home.path }] : [];
  });
  const owner = (item: MenuItem) =>
    homes.find((home) => item.path === home.path || item.path.startsWith(`${home.path}/`));

  const ready = name.trim() !== '' && (homeKind === 'new' ? Boolean(templateId) : Boolean(picked));

  return (
    <FormDialog
      title="Create site"
      submitLabel="Create"
      size="xl"
      canSubmit={ready}
      onClose={props.onClose}
      onSubmit={async () => {
        const site = await createSite({
          site_name: name.trim(),
          ...(homeKind === 'new'
            ? { home: { template_id: templateId!, content_name: homeName.trim() || 'Home' } }
            : { root_content_id: picked!.content_id }),
          targets: { delivery: targetBody(targets.delivery), preview: targetBody(targets.preview) },
        });
        notify('success', `The site ${site.site_name} has been created`);
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
      <Stack gap={6}>
        <Text size="sm" fw={500} id="home-kind">
          Home item
        </Text>
        <SegmentedControl
          aria-labelledby="home-kind"
          value={homeKind}
          onChange={(value) => setHomeKind(value as 'new' | 'existing')}
          data={[
            { value: 'new', label: 'New home page' },
            { value: 'existing', label: 'Existing page' },
          ]}
        />
        {homeKind === 'new' ? (
          <Group grow align="flex-start">
            <Select
              label="Page template"
              required
              placeholder="Choose a page template"
              data={pageTemplates.map((t) => ({ value: t.content_id, label: t.content_name }))}
              value={templateId}
              onChange={setTemplateId}
            />
            <TextInput
              label="Home page name"
              value={homeName}
              onChange={(event) => setHomeName(event.currentTarget.value)}
            />
          </Group>
        ) : (
          <Group gap="sm">
            <Button variant="default" onClick={() => setPicking(true)}>
              Select Item
            </Button>
            <Text size="sm" aria-live="polite">
              {picked ? picked.content_name : 'No page picked yet'}
            </Text>
          </Group>
        )}
      </Stack>
      {MODES.map((mode) => (
        <TargetFields
          key={mode}
          mode={mode}
          value={targets[mode]}
          fromEnvironment={false}
          onChange={(value) => setTargets({ ...targets, [mode]: value })}
        />
      ))}
      {picking && (
        <SelectItemDialog
          opened
          forest={contentForest}
          restriction="page"
          initialId={picked?.content_id ?? null}
          check={(item) => {
            const site = owner(item);
            return site
              ? `${item.content_name} belongs to the site ${site.site}; pick a page outside every site`
              : null;
          }}
          onCancel={() => setPicking(false)}
          onSelect={(item) => {
            setPicked(item);
            setPicking(false);
          }}
        />
      )}
    </FormDialog>
  );
}

export function EditSiteDialog(props: {
  site: Site;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { site } = props;
  const [name, setName] = useState(site.site_name);
  const [targets, setTargets] = useState<Record<Mode, TargetValue>>({
    delivery: {
      hosts: site.targets.delivery.hosts.join(', '),
      base_path: site.targets.delivery.base_path,
    },
    preview: {
      hosts: site.targets.preview.hosts.join(', '),
      base_path: site.targets.preview.base_path,
    },
  });
  const editable = MODES.filter((mode) => site.targets[mode].source !== 'environment');
  return (
    <FormDialog
      title={`Edit ${site.site_name}`}
      submitLabel="Save"
      size="xl"
      canSubmit={name.trim() !== ''}
      onClose={props.onClose}
      onSubmit={async () => {
        await changeSite(site.site_id, {
          site_name: name.trim(),
          targets: Object.fromEntries(editable.map((mode) => [mode, targetBody(targets[mode])])),
        });
        notify('success', `The site ${name.trim()} has been saved`);
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
      {editable.length < MODES.length && (
        <Alert color="yellow" title="CANOPY_SITES overrides">
          The server&apos;s CANOPY_SITES setting names this site: the targets it sets are served
          from there, whatever is stored here.
        </Alert>
      )}
      {MODES.map((mode) => (
        <TargetFields
          key={mode}
          mode={mode}
          value={targets[mode]}
          fromEnvironment={site.targets[mode].source === 'environment'}
          onChange={(value) => setTargets({ ...targets, [mode]: value })}
        />
      ))}
    </FormDialog>
  );
}
