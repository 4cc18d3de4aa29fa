/** The admin frame: header (site, user menu), the resizable tree panel, the item on the right. */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppShell, Avatar, Group, Menu, Select, Text, Title, UnstyledButton } from '@mantine/core';
import { IconActivity, IconApps, IconLogout, IconPlant2, IconSettings } from '@tabler/icons-react';
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID } from '@canopy/core';
import { useLiveStream, useSession } from '@canopy/ui';
import { menusQuery, personQuery, sitesQuery } from '../api';
import { indexForest } from '../tree/forest';
import { TreePanel } from '../tree/TreePanel';
import { AddItem } from '../dialogs/AddItem';
import { clampWidth, loadPreferences, savePreferences } from '../tree/preferences';
import { PublishMenu, usePublishSite } from '../publish';
import classes from './shell.module.css';

export function Shell() {
  const session = useSession();
  useLiveStream();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id: selectedId = null } = useParams();
  const person = useQuery(personQuery());
  const menus = useQuery(menusQuery());
  const sites = useQuery(sitesQuery());
  const user = person.data?.preferred_username ?? 'anonymous';
  const index = useMemo(() => (menus.data ? indexForest(menus.data) : null), [menus.data]);

  const [preferences, setPreferences] = useState(() => loadPreferences(user));
  const loadedFor = useRef(user);
  if (loadedFor.current !== user) {
    loadedFor.current = user;
    setPreferences(loadPreferences(user));
  }
  const updatePreferences = useCallback(
    (change: Partial<typeof preferences>) =>
      setPreferences((previous) => {
        const next = { ...previous, ...change };
        savePreferences(loadedFor.current, next);
        return next;
      }),
    [],
  );
  const onExpandedChange = useCallback(
    (expanded: string[]) => updatePreferences({ expanded }),
    [updatePreferences],
  );

  const [adding, setAdding] = useState(false);
  const selected = selectedId && index ? index.items.get(selectedId) : undefined;
  const publishSite = usePublishSite(sites.data, selected);
  const templateRoots = useMemo(
    () =>
      (menus.data ?? []).filter((root) =>
        [TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID].includes(root.content_id),
      ),
    [menus.data],
  );

  /** After an add: the parent expanded, the menu reloaded, and the one new item opened. */
  const showAdded = async (id: string | null, kind: 'content' | 'template') => {
    updatePreferences({
      expanded: [...new Set([...preferences.expanded, selected!.content_id])],
    });
    await queryClient.invalidateQueries(menusQuery());
    if (id) await navigate(kind === 'template' ? `/templates/${id}` : `/content/${id}`);
  };

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: preferences.width, breakpoint: 0 }}>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <IconPlant2 size={22} color="var(--mantine-color-teal-7)" aria-hidden />
              <Title order={1} size="h4">
                Canopy
              </Title>
            </Group>
            <Select
              size="xs"
              w={220}
              aria-label="Site"
              data={(sites.data ?? []).map((site) => ({
                value: site.site_id,
                label: site.site_name,
              }))}
              value={publishSite.site?.site_id ?? null}
              onChange={(value) => publishSite.setSiteId(value)}
              allowDeselect={false}
              placeholder={sites.isLoading ? 'Loading sites...' : 'No sites'}
            />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PublishMenu
              site={publishSite.site}
              selected={selected}
              itemSiteId={publishSite.itemSiteId}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                {/* The name shown is part of the button's name (WCAG 2.5.3 Label in Name); the
                    avatar's initial is drawn by CSS, so that it is not text beside the name. */}
                <UnstyledButton
                  aria-label={person.data?.name ? `${person.data.name}, user menu` : 'User menu'}
                  className={classes.user}
                >
                  <Group gap={8} wrap="nowrap">
                    <Text size="sm">{person.data?.name ?? ''}</Text>
                    <Avatar size={28} radius="xl" color="teal" aria-hidden>
                      <span
                        className={classes.initial}
                        data-initial={(person.data?.name ?? '?').slice(0, 1)}
                      />
                    </Avatar>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Signed in as {person.data?.preferred_username}</Menu.Label>
                <Menu.Item
                  leftSection={<IconApps size={14} />}
                  onClick={() => void navigate('/microapps')}
                >
                  Micro-apps
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconActivity size={14} />}
                  onClick={() => void navigate('/activity')}
                >
                  Activity
                </Menu.Item>
                {Boolean(person.data?.is_admin) && (
                  <Menu.Item
                    leftSection={<IconSettings size={14} />}
                    onClick={() => void navigate('/settings')}
                  >
                    Settings
                  </Menu.Item>
                )}
                <Menu.Item
                  leftSection={<IconLogout size={14} />}
                  onClick={() => void session.signOut()}
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Content tree panel">
        {index && person.data && (
          <TreePanel
            index={index}
            selectedId={selectedId}
            expanded={preferences.expanded}
            onExpandedChange={onExpandedChange}
            onAddItem={() => setAdding(true)}
          />
        )}
        <ResizeHandle
          width={preferences.width}
          onResize={(width) => updatePreferences({ width: clampWidth(width) })}
        />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
      {selected && adding && (
        <AddItem
          parent={selected}
          templateRoots={templateRoots}
          onClose={() => setAdding(false)}
          onAdded={showAdded}
        />
      )}
    </AppShell>
  );
}

/** The panel's right edge: drag it, or focus it and use the arrow keys. */
function ResizeHandle({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the tree panel"
      aria-valuenow={width}
      tabIndex={0}
      className={classes.resize}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onResize(width - 16);
        if (event.key === 'ArrowRight') onResize(width + 16);
      }}
      onPointerDown={(event) => {
        const startX = event.clientX;
        const target = event.currentTarget;
        target.setPointerCapture(event.pointerId);
        const onMove = (moveEvent: PointerEvent) => onResize(width + moveEvent.clientX - startX);
        const onUp = () => {
          target.removeEventListener('pointermove', onMove);
          target.removeEventListener('pointerup', onUp);
        };
        target.addEventListener('pointermove', onMove);
        target.addEventListener('pointerup', onUp);
      }}
    />
  );
}
