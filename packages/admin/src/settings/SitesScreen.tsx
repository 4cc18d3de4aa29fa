/**
 * /admin/settings/sites: the sites with their home item and where each target is served; create
 * one, edit its name and its targets' host names and base paths (served at once), and delete one
 * nothing else refers to, after a confirmation naming what goes with it. CANOPY_SITES wins over
 * what is stored here; the screen says where it does.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconWorld } from '@tabler/icons-react';
import { ConfirmDialog, NoticeDialog, formatUpdated } from '@canopy/ui';
import {
  deleteSite,
  siteUsageQuery,
  sitesPageQuery,
  type Site,
  type SiteUsage,
  type SortOf,
  type SitesRequest,
} from './api';
import { ListTable, useListRequest, useSettingsWrite, ListFilter } from './parts';
import { CreateSiteDialog, EditSiteDialog } from './SiteDialogs';
import { ScreenHeader } from './SettingsLayout';

type Action = { kind: 'create' } | { kind: 'edit'; site: Site } | { kind: 'delete'; site: Site };

function TargetCell(props: { site: Site; mode: 'delivery' | 'preview' }) {
  const target = props.site.targets[props.mode];
  const hosts =
    target.hosts.length > 0
      ? target.hosts.join(', ')
      : props.site.is_default
        ? 'Any host'
        : 'No host name: not served';
  return (
    <Stack gap={2}>
      <Text size="sm">{hosts}</Text>
      <Group gap={4}>
        <Text size="xs" c="dimmed" ff="monospace">
          {target.base_path}
        </Text>
        {target.source === 'environment' && (
          <Badge size="xs" variant="light" color="yellow">
            CANOPY_SITES
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** What the delete confirmation names: the home item and what goes with the site. */
export function deletionMessage(usage: SiteUsage): string {
  const { home, builds, releases, microapps } = usage.removes;
  const parts = [
    home &&
      `its home item ${home.content_name} (${home.versions} version${home.versions === 1 ? '' : 's'})`,
    `${builds} build${builds === 1 ? '' : 's'}`,
    `${releases} publish record${releases === 1 ? '' : 's'}`,
    microapps.length > 0 && `the micro-apps ${microapps.join(', ')}`,
    'its host names and base paths',
  ].filter(Boolean);
  return `Delete the site ${usage.site_name}? With it go ${parts.join(', ')}. This cannot be undone.`;
}

export function SitesScreen() {
  const list = useListRequest<SortOf<SitesRequest>>('site_name');
  const sites = useQuery(sitesPageQuery(list.request));
  const { write, refresh } = useSettingsWrite('sites');
  const [action, setAction] = useState<Action | null>(null);
  const overridden = (sites.data?.rows ?? []).some(
    (site) =>
      site.targets.delivery.source === 'environment' ||
      site.targets.preview.source === 'environment',
  );

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Sites"
        text="Each site has a home item and two targets: delivery (the public site) and preview. Host names and base paths you set here are served at once."
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAction({ kind: 'create' })}
          >
            Create site
          </Button>
        }
      />
      {overridden && (
        <Alert color="yellow" title="CANOPY_SITES overrides some targets">
          The server&apos;s CANOPY_SITES setting names the targets marked CANOPY_SITES: they are
          served as it says, whatever is stored here.
        </Alert>
      )}
      <ListFilter list={list} what="sites" by="name or host name" />
      <ListTable
        label="Sites"
        what="The sites"
        list={list}
        query={sites}
        minWidth={640}
        columns={[
          { label: 'Name', sort: 'site_name' },
          { label: 'Home item' },
          { label: 'Delivery' },
          { label: 'Preview' },
          { label: 'Items', sort: 'item_count' },
          { label: 'Created', sort: 'created_date' },
        ]}
        empty={
          <>
            <IconWorld size={28} aria-hidden />
            <Text fw={500}>{list.q ? 'No site matches the filter.' : 'No sites yet.'}</Text>
          </>
        }
        row={(site) => (
          <Table.Tr key={site.site_id}>
            <Table.Td fw={500}>
              <Group gap="xs">
                {site.site_name}
                {site.is_default && (
                  <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                    Default
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{site.root ? site.root.content_name : 'None'}</Table.Td>
            <Table.Td>
              <TargetCell site={site} mode="delivery" />
            </Table.Td>
            <Table.Td>
              <TargetCell site={site} mode="preview" />
            </Table.Td>
            <Table.Td>{site.item_count}</Table.Td>
            <Table.Td>{formatUpdated(site.created_date)}</Table.Td>
            <Table.Td ta="right">
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit ${site.site_name}`}
                  onClick={() => setAction({ kind: 'edit', site })}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Delete ${site.site_name}`}
                  onClick={() => setAction({ kind: 'delete', site })}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {action?.kind === 'create' && (
        <CreateSiteDialog
          sites={sites.data?.rows ?? []}
          onClose={() => setAction(null)}
          onCreated={refresh}
        />
      )}
      {action?.kind === 'edit' && (
        <EditSiteDialog site={action.site} onClose={() => setAction(null)} onSaved={refresh} />
      )}
      {action?.kind === 'delete' && (
        <DeleteSite
          site={action.site}
          onClose={() => setAction(null)}
          onConfirm={async () => {
            setAction(null);
            await write(
              () => deleteSite(action.site.site_id),
              `The site ${action.site.site_name} has been deleted`,
            );
          }}
        />
      )}
    </Stack>
  );
}

/** Loads what deleting would remove: a confirmation naming it, or why it cannot be deleted. */
function DeleteSite(props: { site: Site; onClose: () => void; onConfirm: () => Promise<void> }) {
  const usage = useQuery(siteUsageQuery(props.site.site_id));
  if (!usage.data) return null;
  if (usage.data.blocked_by)
    return (
      <NoticeDialog
        opened
        title="Delete site"
        message={`The site ${usage.data.site_name} cannot be deleted: ${usage.data.blocked_by}`}
        onClose={props.onClose}
      />
    );
  return (
    <ConfirmDialog
      opened
      title="Delete site"
      confirmLabel="Delete"
      message={deletionMessage(usage.data)}
      onCancel={props.onClose}
      onConfirm={() => void props.onConfirm()}
    />
  );
}
