/**
 * The header's Publish menu (§2 Save/publish toolbar): 'Publish to Preview' and 'Publish to
 * Delivery' for the site chosen in the header, 'Preview this page' for the selected page, the
 * site's builds and its scheduled changes. It also keeps the header's site in step with the
 * selected item.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Menu } from '@mantine/core';
import {
  IconBuildingBroadcastTower,
  IconCalendarClock,
  IconChevronDown,
  IconEdit,
  IconEye,
  IconListDetails,
  IconSend,
} from '@tabler/icons-react';
import type { MenuItem } from '@canopy/core';
import { contentVersionQuery, type Site } from '../api';
import { MODE_LABELS, type PublishMode } from './api';
import { PublishDialog } from './PublishDialog';
import { BuildsPanel } from './BuildsPanel';
import { SCHEDULED_LABEL, ScheduledPanel } from './ScheduledPanel';
import { EDIT_IN_PAGE_LABEL, PREVIEW_LABEL, pageEditorHref, usePreview } from './PreviewButton';

/** The header's site: the selected content item's site when it has one, else the user's pick. */
export function usePublishSite(sites: Site[] | undefined, selected: MenuItem | undefined) {
  const [picked, setPicked] = useState<string | null>(null);
  const isContent = selected?.item_type === 'content';
  const content = useQuery({
    ...contentVersionQuery(selected?.content_id ?? '', null),
    enabled: Boolean(selected) && isContent,
  });
  const itemSite = isContent ? content.data : null;
  const followed = itemSite?.site_id ?? null;
  useEffect(() => {
    if (followed) setPicked(followed);
  }, [followed]);
  const siteId =
    (picked && sites?.some((site) => site.site_id === picked) ? picked : null) ??
    sites?.[0]?.site_id ??
    null;
  const site = sites?.find((candidate) => candidate.site_id === siteId) ?? null;
  return { site, setSiteId: setPicked, itemSiteId: followed };
}

/** The site's side panels, opened from the menu. */
const PANELS = { builds: BuildsPanel, scheduled: ScheduledPanel };

export interface PublishMenuProps {
  site: Site | null;
  /** The item selected in the tree, and its site (content only). */
  selected: MenuItem | undefined;
  itemSiteId: string | null;
}

export function PublishMenu({ site, selected, itemSiteId }: PublishMenuProps) {
  const [dialog, setDialog] = useState<PublishMode | 'builds' | 'scheduled' | null>(null);
  const preview = usePreview();
  const pageUrl = selected?.item_type === 'content' ? selected.page_url : null;
  const Panel = dialog === 'builds' || dialog === 'scheduled' ? PANELS[dialog] : null;
  // The menu item that opened a dialog is gone when it closes: focus goes back to the menu's
  // button, so a keyboard user goes on from where they were.
  const target = useRef<HTMLButtonElement>(null);
  const close = () => {
    setDialog(null);
    setTimeout(() => target.current?.focus(), 0);
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            ref={target}
            variant="filled"
            size="xs"
            leftSection={<IconSend size={14} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={!site}
          >
            Publish
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {site && <Menu.Label>{site.site_name}</Menu.Label>}
          {(['preview', 'delivery'] as const).map((mode) => (
            <Menu.Item
              key={mode}
              leftSection={
                mode === 'preview' ? (
                  <IconEye size={14} />
                ) : (
                  <IconBuildingBroadcastTower size={14} />
                )
              }
              onClick={() => setDialog(mode)}
            >
              Publish to {MODE_LABELS[mode]}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconEye size={14} />}
            disabled={!pageUrl}
            onClick={() => void preview(selected!.content_id, { page_url: pageUrl })}
          >
            {PREVIEW_LABEL}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconEdit size={14} />}
            disabled={!pageUrl}
            onClick={() => window.location.assign(pageEditorHref(selected!.content_id))}
          >
            {EDIT_IN_PAGE_LABEL}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconListDetails size={14} />}
            onClick={() => setDialog('builds')}
          >
            Builds
          </Menu.Item>
          <Menu.Item
            leftSection={<IconCalendarClock size={14} />}
            onClick={() => setDialog('scheduled')}
          >
            {SCHEDULED_LABEL}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {site && (dialog === 'preview' || dialog === 'delivery') && (
        <PublishDialog
          siteId={site.site_id}
          siteName={site.site_name}
          mode={dialog}
          pageUrl={itemSiteId === site.site_id ? (pageUrl ?? null) : null}
          onClose={close}
        />
      )}
      {site && Panel && <Panel siteId={site.site_id} siteName={site.site_name} onClose={close} />}
    </>
  );
}
