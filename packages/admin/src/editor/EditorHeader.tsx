/**
 * The item header of UI.md: breadcrumb, name, version selector (number and status badge), who
 * holds the lock, last update, and the command bar (the registered commands, disabled with a reason).
 */
import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconClockEdit,
  IconDeviceFloppy,
  IconEye,
  IconFilePlus,
  IconHistory,
  IconLayoutSidebarRight,
  IconLock,
  IconLockOpen,
  IconSend,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { DRAFT, PUBLISHED, STAGED, type Content, type MenuItem } from '@canopy/core';
import { CommandButton, lockInactivity, useNow, type Viewer, formatUpdated } from '@canopy/ui';
import { ItemIcon } from '@canopy/ui/items';
import { EditInPageButton, PreviewButton } from '../publish/PreviewButton';
import type { BoundCommand, ItemEditorCommandId } from './commands';
import { ItemTrail } from '../tree/ItemTrail';
import { LIVE_PAGE_LABEL } from './LivePage';

export const STATUS_COLOURS: Record<string, string> = {
  [DRAFT]: 'gray',
  [STAGED]: 'yellow',
  [PUBLISHED]: 'green',
};

const ICONS: Record<ItemEditorCommandId, ReactNode> = {
  lock: <IconLock size={16} aria-hidden />,
  save: <IconDeviceFloppy size={16} aria-hidden />,
  pushToStaging: <IconSend size={16} aria-hidden />,
  backToDraft: <IconArrowBackUp size={16} aria-hidden />,
  deleteDraft: <IconTrashX size={16} aria-hidden />,
  createDraft: <IconFilePlus size={16} aria-hidden />,
  touchUpdated: <IconClockEdit size={16} aria-hidden />,
  deleteItem: <IconTrash size={16} aria-hidden />,
};

export interface EditorHeaderProps {
  item: MenuItem;
  trail: MenuItem[];
  content: Content;
  me: string | null;
  commands: BoundCommand[];
  onVersion: (version: number) => void;
  historyOpen: boolean;
  onHistory: () => void;
  /** The live page beside the form (pages only). */
  liveOpen: boolean;
  onLive: () => void;
  /** Who else has the item open now. */
  viewers: Viewer[];
  /** Request the lock / the holder's answer (LockRequests). */
  lockRequests: ReactNode;
}

/** A button that shows or hides a panel beside the form (pressed while it shows). */
function PanelToggle(props: {
  open: boolean;
  onToggle: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant={props.open ? 'light' : 'subtle'}
      leftSection={props.icon}
      onClick={props.onToggle}
      aria-pressed={props.open}
    >
      {props.children}
    </Button>
  );
}

export function EditorHeader({
  item,
  trail,
  content,
  me,
  commands,
  onVersion,
  historyOpen,
  onHistory,
  liveOpen,
  onLive,
  viewers,
  lockRequests,
}: EditorHeaderProps) {
  const inactive = lockInactivity(content, useNow());
  const versions = content.versions ?? [
    {
      version: content.version,
      status_id: content.status_id,
      copied_from: null,
      updated_date: content.updated_date,
      updated_by: content.updated_by,
      updated_by_name: content.updated_by_name ?? null,
    },
  ];
  const statusOf = new Map(versions.map((v) => [String(v.version), v.status_id]));
  const lockText = !content.locked_by
    ? 'Not locked'
    : content.locked_by === me
      ? 'Locked by you'
      : `Locked by ${content.locked_by_name ?? content.locked_by}${inactive ? ` (${inactive})` : ''}`;

  return (
    <Paper
      radius={0}
      px="lg"
      py="sm"
      withBorder
      pos="sticky"
      top={0}
      style={{ zIndex: 5 }}
      component="section"
      aria-label="Item header"
    >
      <ItemTrail trail={trail} current={item.content_id} />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ItemIcon item={item} size={22} />
          <Title order={2} size="h3" lineClamp={1}>
            {content.content_name}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label="Version"
            size="xs"
            w={170}
            allowDeselect={false}
            value={String(content.version)}
            onChange={(value) => value && onVersion(Number(value))}
            data={[...versions].reverse().map((v) => ({
              value: String(v.version),
              label: `v${v.version} ${v.status_id}`,
            }))}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">v{option.value}</Text>
                <Badge
                  size="xs"
                  variant="light"
                  color={STATUS_COLOURS[statusOf.get(option.value) ?? '']}
                >
                  {statusOf.get(option.value)}
                </Badge>
              </Group>
            )}
          />
          <Badge color={STATUS_COLOURS[content.status_id] ?? 'gray'} variant="light">
            {content.status_id}
          </Badge>
        </Group>
      </Group>
      <Group gap={6} mt="xs" wrap="wrap" role="toolbar" aria-label="Item commands">
        {commands.map((command) => (
          <CommandButton
            key={command.id}
            command={command}
            onRun={command.perform}
            icon={ICONS[command.id]}
            variant={command.id === 'save' ? 'filled' : 'default'}
            color={command.id === 'deleteItem' || command.id === 'deleteDraft' ? 'red' : undefined}
          />
        ))}
        <PanelToggle
          open={historyOpen}
          onToggle={onHistory}
          icon={<IconHistory size={16} aria-hidden />}
        >
          History
        </PanelToggle>
        {content.page_url && (
          <PreviewButton
            variant="subtle"
            contentId={content.content_id}
            pageUrl={content.page_url}
            siteId={content.site_id}
          />
        )}
        {content.page_url && (
          <PanelToggle
            open={liveOpen}
            onToggle={onLive}
            icon={<IconLayoutSidebarRight size={16} aria-hidden />}
          >
            {LIVE_PAGE_LABEL}
          </PanelToggle>
        )}
        {content.page_url && (
          <EditInPageButton
            variant="subtle"
            contentId={content.content_id}
            version={content.version}
          />
        )}
      </Group>
      <Group gap="md" mt={6}>
        <Group gap={4}>
          {content.locked_by ? (
            <IconLock size={14} aria-hidden />
          ) : (
            <IconLockOpen size={14} aria-hidden />
          )}
          <Text
            size="sm"
            c={
              content.locked_by && content.locked_by !== me
                ? 'var(--mantine-color-orange-light-color)'
                : 'dimmed'
            }
          >
            {lockText}
          </Text>
          {lockRequests}
        </Group>
        <Text size="sm" c="dimmed">
          Updated {formatUpdated(content.updated_date)}
          {content.updated_by ? ` by ${content.updated_by_name ?? content.updated_by}` : ''}
        </Text>
        {viewers.length > 0 && (
          <Group gap={4} role="status" aria-label="Also open">
            <IconEye size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              Also open: {viewers.map((viewer) => viewer.name).join(', ')}
            </Text>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
