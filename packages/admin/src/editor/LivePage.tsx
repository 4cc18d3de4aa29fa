/**
 * The live page beside the item editor's form: the page as the site renders it, in a same-origin
 * frame (the page editor's read-only view, /admin/page-editor/{id}?view=live), fed with the
 * form's draft as it changes, before Save. Whether it is open is remembered in this browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Paper, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Content } from '@canopy/core';
import { onLivePage, sendLivePage, type DraftContent } from '@canopy/ui/draft';
import { pageEditorHref } from '../publish/PreviewButton';

export const LIVE_PAGE_LABEL = 'Live page';
const OPEN_KEY = 'canopy.livePage';

/** Whether the live page shows beside the form (remembered in this browser). */
export function useLivePageOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) === 'open');
  const toggle = useCallback(() => {
    setOpen((was) => {
      localStorage.setItem(OPEN_KEY, was ? 'closed' : 'open');
      return !was;
    });
  }, []);
  return [open, toggle];
}

export function LivePage({
  content,
  draft,
  onClose,
}: {
  content: Content;
  draft: DraftContent;
  onClose: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(draft);
  latest.current = draft;
  const send = useCallback((next: DraftContent) => {
    const target = frame.current?.contentWindow;
    if (target) sendLivePage(target, { kind: 'canopy-live-draft', draft: next });
  }, []);
  // Each change, once per frame at most; a frame that (re)loads asks for the newest draft.
  useEffect(() => {
    const pending = requestAnimationFrame(() => send(draft));
    return () => cancelAnimationFrame(pending);
  }, [draft, send]);
  useEffect(
    () =>
      onLivePage(
        () => frame.current?.contentWindow ?? null,
        (message) => {
          if (message.kind === 'canopy-live-ready') send(latest.current);
        },
      ),
    [send],
  );
  const src = `${pageEditorHref(content.content_id, content.version)}&view=live`;
  return (
    <Paper
      component="aside"
      aria-label={LIVE_PAGE_LABEL}
      withBorder
      radius={0}
      style={{
        flex: '1 1 0',
        minWidth: 320,
        alignSelf: 'flex-start',
        position: 'sticky',
        top: 'var(--app-shell-header-height, 52px)',
        height: 'calc(100vh - var(--app-shell-header-height, 52px))',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group justify="space-between" px="sm" py={6} wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={3} size="h5" style={{ whiteSpace: 'nowrap' }}>
            {LIVE_PAGE_LABEL}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {content.page_url} · shows what the form holds, before Save
          </Text>
        </Group>
        <ActionIcon variant="subtle" aria-label="Close the live page" onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <iframe
        ref={frame}
        title={`${LIVE_PAGE_LABEL}: ${content.content_name}`}
        src={src}
        style={{
          flex: 1,
          width: '100%',
          border: 0,
          borderTop: '1px solid var(--mantine-color-gray-3)',
        }}
      />
    </Paper>
  );
}
