/**
 * The item editor at /admin/content/{id} (?version=N for another version): loads the version and
 * its template, keeps one draft of it, and lays out the header, the form and the history. The §4
 * commands are `./commands` (one file each), their rules core's workflow.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Group, Skeleton, Stack } from '@mantine/core';
import { refusal, type Content, type Template } from '@canopy/core';
import {
  stateOfContent,
  contentKeys,
  contentVersionQuery,
  templateQuery,
  useLockRenewal,
  usePresence,
  LockRequests,
} from '@canopy/ui';
import { menusQuery, personQuery } from '../api';
import { indexForest } from '../tree/forest';
import { EmptyState } from '../EmptyState';
import { keptKey, useKeptDraft, type EditorItem } from '@canopy/ui/draft';
import { EditorForm, type EditorFormHandle } from './EditorForm';
import { EditorHeader } from './EditorHeader';
import { EditorDialogs } from './EditorDialogs';
import { ReadOnlyNote } from './ReadOnlyNote';
import { NewerVersionNote } from './NewerVersionNote';
import { KeptChangesNote } from './KeptChangesNote';
import { LockLostNote } from './LockLostNote';
import { useEditorCommands, type CommandContext, type EditorDialog } from './commands';
import { useDraftStore } from './store';
import { VersionHistory } from './history/VersionHistory';
import { MediaPanel, hasMediaPanel } from '../media-preview/MediaPanel';
import { LivePage, useLivePageOpen } from './LivePage';

export function ItemEditor() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const versionParam = Number(params.get('version'));
  const version = Number.isInteger(versionParam) && versionParam > 0 ? versionParam : null;
  const menus = useQuery(menusQuery());
  const person = useQuery(personQuery());
  // The shown version stays while another loads, so the editor does not blink to a skeleton.
  const content = useQuery({
    ...contentVersionQuery(id, version),
    placeholderData: keepPreviousData,
  });
  // A placeholder of another item is never shown as this one.
  const loaded = content.data?.content_id === id ? content.data : undefined;
  const templateId = loaded?.template_id ?? '';
  const template = useQuery({ ...templateQuery(templateId), enabled: templateId !== '' });
  const index = useMemo(() => (menus.data ? indexForest(menus.data) : null), [menus.data]);
  const item = index?.items.get(id);

  if ((menus.isSuccess && !item) || content.isError) {
    return (
      <EmptyState
        title={
          version
            ? `Version ${version} of this item cannot be opened`
            : 'This item is not in your tree'
        }
        text="It may have been deleted, or you may not have Read access to it. Pick another item in the tree."
      />
    );
  }
  if (template.isError) {
    return (
      <EmptyState
        title="This item's template cannot be loaded"
        text="The template may have been deleted. Open the template in the tree to check it."
      />
    );
  }
  if (!item || !index || !loaded || !template.data || !person.data) {
    return <Skeleton h={160} m="lg" />;
  }
  const trail = index.ancestry(id).map((ancestor) => index.items.get(ancestor)!);
  return (
    <LoadedEditor
      key={`${id}:${loaded.version}`}
      content={loaded}
      template={template.data}
      me={person.data.preferred_username}
      item={item}
      trail={trail}
      pinnedVersion={version}
    />
  );
}

interface LoadedProps {
  content: Content;
  template: Template;
  me: string;
  item: NonNullable<ReturnType<ReturnType<typeof indexForest>['items']['get']>>;
  trail: Array<NonNullable<ReturnType<ReturnType<typeof indexForest>['items']['get']>>>;
  pinnedVersion: number | null;
}

function LoadedEditor({ content, template, me, item, trail, pinnedVersion }: LoadedProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const store = useDraftStore(content);
  const form = useRef<EditorFormHandle>(null);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [liveOpen, toggleLive] = useLivePageOpen();
  const live = liveOpen && content.page_url != null;
  const leaving = useRef(false);
  const { dirty } = store;
  const id = content.content_id;

  // The form takes edits when core's workflow would let this user edit it (whatever is typed).
  const { permissions: _held, ...shown } = stateOfContent(content, me);
  const notEditable = refusal('save', shown);
  const editorItem = useMemo<EditorItem>(
    () => ({
      content_id: content.content_id,
      version: content.version,
      site_id: content.site_id,
      content_type_id: content.content_type_id,
      media_library_directory: content.media_library_directory,
    }),
    [
      content.content_id,
      content.version,
      content.site_id,
      content.content_type_id,
      content.media_library_directory,
    ],
  );

  // Someone else's newer save, seen while nothing is typed here: show it; over unsaved changes,
  // ask first (NewerVersionNote).
  const { reset } = store;
  const newer = content.updated_date !== store.draft.updated_date;
  useEffect(() => {
    if (!dirty && newer) reset(content);
  }, [content, dirty, reset, newer]);
  // While open: the lock held here is renewed, and others see this editor.
  useLockRenewal(content, me);
  const viewers = usePresence(id, me);
  // What is typed is kept in this browser until saved or discarded (a lapse loses nothing).
  const { offer, settle } = useKeptDraft(keptKey(me, id, content.version), store.draft, dirty);
  const [restoreOnLock, setRestoreOnLock] = useState(false);
  const { replace } = store;
  useEffect(() => {
    if (!restoreOnLock || !offer || content.locked_by !== me) return;
    replace(offer.draft);
    settle();
    setRestoreOnLock(false);
  }, [restoreOnLock, offer, content.locked_by, me, replace, settle]);

  const queryKey = contentVersionQuery(id, pinnedVersion).queryKey;
  const refresh = useCallback(
    async (alsoMenus = false) => {
      await queryClient.invalidateQueries({ queryKey: contentKeys.item(id) });
      if (alsoMenus) await queryClient.invalidateQueries({ queryKey: ['menus'] });
    },
    [queryClient, id],
  );
  const leave = (path: string) => {
    leaving.current = true;
    void navigate(path);
  };

  // §4 Switching version / leaving the item with unsaved changes: 'Not Saved'.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    leaving.current = false;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const ctx: CommandContext = {
    content,
    store,
    form,
    queryKey,
    trail,
    refresh,
    goToVersion: (next) =>
      leave(next == null ? `/content/${id}` : `/content/${id}?version=${next}`),
    leave,
    setDialog,
    setFormErrors,
  };
  const { commands, restore, busy } = useEditorCommands(ctx, me);
  const readOnly = notEditable != null || busy;
  const lockCommand = commands.find((command) => command.id === 'lock')!;

  return (
    <Stack gap={0}>
      <EditorHeader
        item={item}
        trail={trail}
        content={content}
        me={me}
        commands={commands}
        onVersion={(next) => void navigate(`/content/${id}?version=${next}`)}
        historyOpen={historyOpen}
        onHistory={() => setHistoryOpen((open) => !open)}
        liveOpen={live}
        onLive={toggleLive}
        viewers={viewers}
        lockRequests={
          <LockRequests content={content} me={me} dirty={dirty} onDiscard={() => reset(content)} />
        }
      />
      <Group align="flex-start" wrap="nowrap" gap={0}>
        <Box px="lg" pb="xl" maw={1040} style={{ flex: 1, minWidth: 0 }}>
          {offer && !dirty && (
            <KeptChangesNote
              kept={offer}
              content={content}
              template={template}
              me={me}
              lock={lockCommand}
              restoring={restoreOnLock}
              onRestore={() => {
                replace(offer.draft);
                settle();
              }}
              onLockAndRestore={() => {
                setRestoreOnLock(true);
                lockCommand.perform();
              }}
              onDiscard={settle}
            />
          )}
          {dirty && newer && <NewerVersionNote content={content} onShow={() => reset(content)} />}
          {dirty && !newer && content.locked_by !== me && (
            <LockLostNote content={content} lock={lockCommand} />
          )}
          {notEditable && <ReadOnlyNote refused={notEditable} version={content.version} />}
          {hasMediaPanel(content.content_type_id) && (
            <Box mt="md">
              <MediaPanel
                content={content}
                readOnly={readOnly}
                unsaved={dirty}
                onReplaced={() => refresh(true)}
              />
            </Box>
          )}
          <EditorForm
            store={store}
            template={template}
            item={editorItem}
            readOnly={readOnly}
            formErrors={formErrors}
            handle={form}
          />
        </Box>
        {live && <LivePage content={content} draft={store.draft} onClose={toggleLive} />}
        {historyOpen && (
          <VersionHistory
            content={content}
            template={template}
            onClose={() => setHistoryOpen(false)}
            onOpenVersion={(next) => void navigate(`/content/${id}?version=${next}`)}
            onRestore={restore}
            restoreDisabled={commands.find((c) => c.id === 'createDraft')!.disabledReason}
          />
        )}
      </Group>
      <EditorDialogs
        blocker={blocker}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onReload={({ current }) => {
          store.reset(current);
          queryClient.setQueryData(queryKey, current);
          setFormErrors([]);
          void refresh(true);
        }}
      />
    </Stack>
  );
}
