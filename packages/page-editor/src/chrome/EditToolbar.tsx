/**
 * The Edit toolbar (§2) with the Save/publish toolbar joined on its right while Edit In-Page is
 * on. Every command comes from the registry (`viewCommand`): the same labels, shortcuts and
 * disabled reasons as the admin's item editor.
 */
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  SegmentedControl,
  NativeSelect,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowForwardUp, IconChevronDown, IconEye } from '@tabler/icons-react';
import type { Content } from '@canopy/core';
import {
  CommandButton,
  WithReason,
  lockInactivity,
  useNow,
  viewCommand,
  type EditorCommandId,
  type Viewer,
} from '@canopy/ui';
import type { WorkflowState } from '@canopy/core';
import type { PageCommands } from '../commands';

export type DeviceWidth = 'desktop' | 'tablet' | 'phone';

export interface ToolbarProps {
  content: Content;
  /** Who else has the item open now. */
  viewers: Viewer[];
  /** Request the lock / the holder's answer (LockRequests). */
  lockRequests: ReactNode;
  me: { username: string; name: string };
  state: WorkflowState;
  commands: PageCommands;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onVersion: (version: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  device: DeviceWidth;
  onDevice: (device: DeviceWidth) => void;
}

/** Below this width the bar's less frequent controls fold so that it stays one 48 px line. */
const COMPACT = '(max-width: 1365px)';

const DEVICES: Array<{ value: DeviceWidth; label: string }> = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'tablet', label: 'Tablet' },
  { value: 'phone', label: 'Phone' },
];

export function EditToolbar(props: ToolbarProps) {
  const { content, me, state, commands, editing, viewers } = props;
  const compact = useMediaQuery(COMPACT) ?? false;
  const inactive = lockInactivity(content, useNow());
  const view = (id: EditorCommandId) => viewCommand(id, state, commands.busy);
  /** A menu of commands, each disabled with its reason as the buttons are. */
  const commandMenu = (label: string, entries: Array<[EditorCommandId, () => void]>) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map(([id, run]) => {
          const command = view(id);
          return (
            <Menu.Item
              key={id}
              disabled={command.disabledReason != null}
              title={command.disabledReason ?? undefined}
              onClick={run}
            >
              {command.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
  const draftCommands: Array<[EditorCommandId, () => void]> = [
    ['deleteDraft', commands.deleteDraft],
    ['backToDraft', commands.backToDraft],
    ['pushToStaging', commands.pushToStaging],
  ];
  const lockView = view('lock');
  const mine = content.locked_by != null && content.locked_by === me.username;
  const lockedByOther = content.locked_by != null && !mine;
  const notPublished = content.status_id !== 'published';
  const versions = (content.versions ?? []).map((v) => ({
    value: String(v.version),
    label: `v${v.version} ${v.status_id}`,
  }));
  return (
    <header className="canopy-bar" role="toolbar" aria-label="Edit toolbar">
      <Text size="sm" className="canopy-bar-welcome" title={`Welcome, ${me.name}`}>
        {compact ? <VisuallyHidden>Welcome, </VisuallyHidden> : 'Welcome, '}
        <strong>{me.name}</strong>
      </Text>
      {lockedByOther && (
        <Text size="sm" c="orange.9" role="status">
          Locked by <strong>{content.locked_by_name ?? content.locked_by}</strong>
          {inactive && ` (${inactive})`}
        </Text>
      )}
      {props.lockRequests}
      {viewers.length > 0 && (
        // Compact: the toolbar also fits a 1024 px window; the names are in the tooltip.
        <Tooltip label={`Also open: ${viewers.map((viewer) => viewer.name).join(', ')}`}>
          <Text
            size="sm"
            c="dimmed"
            role="status"
            aria-label={`Also open: ${viewers.map((viewer) => viewer.name).join(', ')}`}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 2, flexShrink: 0 }}
          >
            <IconEye size={16} aria-hidden />
            {viewers.length}
          </Text>
        </Tooltip>
      )}
      <CommandButton
        command={lockView}
        variant={mine ? 'light' : 'filled'}
        onRun={() => commands.lockButton(lockView.rule, lockView.refusal?.code ?? null)}
      />
      <Button
        size="xs"
        variant="default"
        component="a"
        href={`/admin/content/${content.content_id}?version=${content.version}`}
        target="_blank"
        rel="noopener"
      >
        Edit in Admin Panel
      </Button>
      <WithReason reason={mine ? null : 'Lock the page to edit it in-page'}>
        <Switch
          label="Edit In-Page"
          checked={editing}
          disabled={!mine}
          onChange={(event) => props.onEditing(event.currentTarget.checked)}
        />
      </WithReason>
      <NativeSelect
        aria-label="Version"
        size="xs"
        w={compact ? 124 : 150}
        data={versions}
        value={String(content.version)}
        onChange={(event) => props.onVersion(Number(event.currentTarget.value))}
      />
      <div className="canopy-bar-spacer" />
      {editing && (
        <Group gap={6} wrap="nowrap" role="group" aria-label="Save and publish toolbar">
          {compact ? (
            <NativeSelect
              aria-label="Device width"
              size="xs"
              w={88}
              data={DEVICES}
              value={props.device}
              onChange={(event) => props.onDevice(event.currentTarget.value as DeviceWidth)}
            />
          ) : (
            <SegmentedControl
              size="xs"
              aria-label="Device width"
              value={props.device}
              onChange={(value) => props.onDevice(value as DeviceWidth)}
              data={DEVICES}
            />
          )}
          <Tooltip label="Undo (Ctrl+Z)">
            <ActionIcon
              variant="default"
              aria-label="Undo"
              disabled={!props.canUndo}
              onClick={props.onUndo}
            >
              <IconArrowBackUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Redo (Ctrl+Shift+Z)">
            <ActionIcon
              variant="default"
              aria-label="Redo"
              disabled={!props.canRedo}
              onClick={props.onRedo}
            >
              <IconArrowForwardUp size={16} />
            </ActionIcon>
          </Tooltip>
          <CommandButton command={view('save')} onRun={commands.save} />
          {commandMenu('Publish', [
            ['publishToPreview', () => void commands.publish('preview')],
            ['publishToDelivery', () => void commands.publish('delivery')],
          ])}
          {notPublished && mine && compact && commandMenu('Draft', draftCommands)}
          {notPublished &&
            mine &&
            !compact &&
            draftCommands.map(([id, run]) => (
              <CommandButton key={id} command={view(id)} variant="default" onRun={run} />
            ))}
        </Group>
      )}
    </header>
  );
}
