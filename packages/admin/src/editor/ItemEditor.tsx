/**
 * The item editor at /admin/content/{id} (?version=N for another version): loads the version and
 * its template, keeps one draft of it, and runs the §4 workflow (lock, save, stage, drafts,
 * deletes) with its dialogs and §8 toasts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { lockedByMessage, type Content, type Template } from '@canopy/core';
import { ConfirmDialog, NoticeDialog, notify } from '@canopy/ui';
import { menusQuery, personQuery } from '../api';
import { indexForest, itemRoute } from '../tree/forest';
import { EmptyState } from '../screens/ItemView';
import type { EditorItem } from './contract';
import { EditorForm, type EditorFormHandle } from './EditorForm';
import { EditorHeader, type BoundAction } from './EditorHeader';
import {
  EDITOR_ACTIONS,
  lockedByMe,
  openVersion,
  type ActionState,
  type EditorActionId,
} from './actions';
import { collectChanges, hasChanges, keyOfServerError, type ServerChangeError } from './draft';
import { EDITOR_DIALOGS, EDITOR_TOASTS, staleSaveMessage } from './messages';
import {
  asApiError,
  createDraft,
  deleteDraft,
  deleteItem,
  draftFromVersion,
  editorContentQuery,
  lock,
  saveContent,
  setStatus,
  templateQuery,
  unlock,
} from './queries';
import { useDraftStore } from './store';
import { VersionHistory } from './history/VersionHistory';
import { MediaPanel, hasMediaPanel } from '../media-preview/MediaPanel';

export function ItemEditor() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const versionParam = Number(params.get('version'));
  const version = Number.isInteger(versionParam) && versionParam > 0 ? versionParam : null;
  const menus = useQuery(menusQuery());
  const person = useQuery(personQuery());
  const content = useQuery(editorContentQuery(id, version));
  const templateId = content.data?.template_id ?? '';
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
  if (!item || !index || !content.data || !template.data || !person.data) {
    return <Skeleton h={160} m="lg" />;
  }
  const trail = index.ancestry(id).map((ancestor) => index.items.get(ancestor)!);
  return (
    <LoadedEditor
      key={`${id}:${content.data.version}`}
      content={content.data}
      template={template.data}
      me={person.data.preferred_username}
      item={item}
      trail={trail}
      pinnedVersion={version}
    />
  );
}

type Dialog =
  | { kind: 'notice'; title: string; message: string }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel?: string;
      onConfirm: () => void;
    }
  | { kind: 'stale'; current: Content };

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
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const leaving = useRef(false);
  const { dirty } = store;
  const id = content.content_id;

  const state: ActionState = { content, me, dirty };
  const editable = lockedByMe(state) && content.status_id === 'draft';
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

  // Someone else's newer save, seen while nothing is typed here: show it.
  const { reset } = store;
  useEffect(() => {
    if (!dirty && content.updated_date !== store.draft.updated_date) reset(content);
  }, [content, dirty, reset, store.draft.updated_date]);

  const queryKey = editorContentQuery(id, pinnedVersion).queryKey;
  const refresh = useCallback(
    async (alsoMenus = false) => {
      await queryClient.invalidateQueries({ queryKey: ['contents', id] });
      if (alsoMenus) await queryClient.invalidateQueries({ queryKey: ['menus'] });
    },
    [queryClient, id],
  );
  /** Goes to a version (null: the newest) without asking again about unsaved changes. */
  const goToVersion = useCallback(
    (next: number | null) => {
      leaving.current = true;
      void navigate(next == null ? `/content/${id}` : `/content/${id}?version=${next}`);
    },
    [navigate, id],
  );

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

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      if (!form.current?.checkBeforeSave()) return;
      const changes = collectChanges(store.draft);
      if (!hasChanges(changes)) return;
      const deletesBlocks = changes.content_blocks.some((b) => b.cmsItemStatus.delete);
      const deletesBlockFields = changes.content_blocks_fields.some((f) => f.cmsItemStatus.delete);
      const oldName = content.content_name;
      try {
        const saved = await saveContent({
          content_id: id,
          version: content.version,
          updated_date: store.draft.updated_date,
          ...changes,
        });
        setFormErrors([]);
        store.reset(saved);
        queryClient.setQueryData(queryKey, saved);
        await refresh(saved.content_name !== oldName);
        notify('success', EDITOR_TOASTS.saved);
        if (deletesBlocks) notify('success', EDITOR_TOASTS.blockDeleted);
        if (deletesBlockFields) notify('success', EDITOR_TOASTS.blockFieldDeleted);
      } catch (caught) {
        const error = asApiError(caught);
        notify('error', EDITOR_TOASTS.saveError);
        if (deletesBlocks) notify('error', EDITOR_TOASTS.blockDeleteError);
        if (deletesBlockFields) notify('error', EDITOR_TOASTS.blockFieldDeleteError);
        if (error.code === 'STALE_SAVE' && error.current) {
          setDialog({ kind: 'stale', current: error.current });
          return;
        }
        if (error.code === 'VALIDATION_FAILED' && error.errors) {
          const onFields: Record<string, string> = {};
          const elsewhere: string[] = [];
          for (const problem of error.errors) {
            const key = keyOfServerError(store.draft, problem as ServerChangeError);
            if (key && !onFields[key]) onFields[key] = problem.message;
            else if (!key) elsewhere.push(problem.message);
          }
          store.setServerErrors(onFields);
          setFormErrors(elsewhere);
          return;
        }
        setFormErrors([error.message ?? 'The server could not be reached. Try again.']);
      }
    });

  const lockOrUnlock = () =>
    run(async () => {
      if (lockedByMe(state)) {
        try {
          await unlock(id);
          await refresh(true);
        } catch (caught) {
          const error = asApiError(caught);
          if (error.status === 'Failure')
            notify('Failure', error.message ?? EDITOR_TOASTS.unlockError);
          else notify('error', EDITOR_TOASTS.unlockError);
          await refresh(true);
        }
        return;
      }
      if (content.status_id === 'published') {
        lockOnPublished();
        return;
      }
      try {
        await lock(id);
        await refresh(true);
      } catch (caught) {
        const error = asApiError(caught);
        if (error.status === 'Failure') {
          notify('Failure', error.message ?? lockedByMessage(content.locked_by_name ?? ''));
        } else notify('error', EDITOR_TOASTS.lockError);
        await refresh(true);
      }
    });

  const newDraft = (make: () => Promise<Content>) =>
    run(async () => {
      try {
        const draft = await make();
        notify('success', EDITOR_TOASTS.draftCreated);
        await refresh(true);
        goToVersion(draft.version);
      } catch (caught) {
        const error = asApiError(caught);
        if (error.status === 'Failure')
          notify('Failure', error.message ?? EDITOR_TOASTS.draftError);
        else notify('error', error.message ?? EDITOR_TOASTS.draftError);
      }
    });

  /** §4 Lock button on published content: its three cases. */
  const lockOnPublished = () => {
    if (openVersion(state)) {
      setDialog({ kind: 'notice', title: 'Lock', message: EDITOR_DIALOGS.draftExists });
      return;
    }
    const published = (content.versions ?? []).filter((v) => v.status_id === 'published');
    const latest = Math.max(content.version, ...published.map((v) => v.version));
    setDialog({
      kind: 'confirm',
      title: 'Create a draft',
      message:
        content.version === latest
          ? EDITOR_DIALOGS.fromLatestPublished
          : EDITOR_DIALOGS.notLatestPublished,
      onConfirm: () => void newDraft(() => draftFromVersion(id, content.version)),
    });
  };

  const changeStatus = (to: 'staged' | 'draft') =>
    run(async () => {
      try {
        const next = await setStatus(id, content.version, to);
        store.reset(next);
        queryClient.setQueryData(queryKey, next);
        await refresh(true);
        notify(
          'success',
          to === 'staged'
            ? `Version ${content.version} has been pushed to staging`
            : `Version ${content.version} is a draft again`,
        );
      } catch (caught) {
        notify('error', asApiError(caught).message ?? EDITOR_TOASTS.saveError);
      }
    });

  const pushToStaging = () => {
    if (!dirty) return void changeStatus('staged');
    setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.unsavedTitle,
      message: EDITOR_DIALOGS.unsavedPush,
      confirmLabel: 'Push to Staging',
      onConfirm: () => void changeStatus('staged'),
    });
  };

  const removeDraft = () => {
    if (content.version === 1) {
      setDialog({
        kind: 'notice',
        title: EDITOR_DIALOGS.deleteDraftTitle,
        message: EDITOR_DIALOGS.onlyVersion,
      });
      return;
    }
    setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.deleteDraftTitle,
      message: EDITOR_DIALOGS.confirmDeleteDraft,
      onConfirm: () =>
        void run(async () => {
          try {
            await deleteDraft(id, content.version);
            notify('success', EDITOR_TOASTS.deleted);
            await refresh(true);
            goToVersion(null);
          } catch {
            notify('error', EDITOR_TOASTS.deleteError);
          }
        }),
    });
  };

  const removeItem = () =>
    setDialog({
      kind: 'confirm',
      title: EDITOR_DIALOGS.deleteItemTitle,
      message: `Are you sure you want to delete "${content.content_name}"? Every version of it is deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        void run(async () => {
          try {
            await deleteItem(id);
            notify('success', EDITOR_TOASTS.deleted);
            queryClient.removeQueries({ queryKey: ['contents', id] });
            await queryClient.invalidateQueries({ queryKey: ['menus'] });
            const parent = trail.at(-2);
            leaving.current = true;
            void navigate(parent ? itemRoute(parent) : '/');
          } catch {
            notify('error', EDITOR_TOASTS.deleteError);
          }
        }),
    });

  const performers: Record<EditorActionId, () => void> = {
    lock: () => void lockOrUnlock(),
    save: () => void save(),
    pushToStaging,
    backToDraft: () => void changeStatus('draft'),
    deleteDraft: removeDraft,
    createDraft: () => void newDraft(() => createDraft(id, content.version)),
    deleteItem: removeItem,
  };
  const actions: BoundAction[] = EDITOR_ACTIONS.map((rule) => ({
    id: rule.id,
    label: rule.label(state),
    disabledReason: busy ? 'Working…' : rule.disabledReason(state),
    perform: performers[rule.id],
  }));

  // Ctrl/Cmd+S saves, from inside fields too.
  const saveAction = actions.find((a) => a.id === 'save')!;
  useHotkeys([['mod+S', () => !saveAction.disabledReason && saveAction.perform()]], [], true);

  const closeDialog = () => setDialog(null);
  const staleName =
    dialog?.kind === 'stale'
      ? (dialog.current.updated_by_name ?? dialog.current.updated_by ?? 'Someone')
      : '';

  return (
    <Stack gap={0}>
      <EditorHeader
        item={item}
        trail={trail}
        content={content}
        me={me}
        actions={actions}
        onVersion={(next) => void navigate(`/content/${id}?version=${next}`)}
        historyOpen={historyOpen}
        onHistory={() => setHistoryOpen((open) => !open)}
      />
      <Group align="flex-start" wrap="nowrap" gap={0}>
        <Box px="lg" pb="xl" style={{ flex: 1, minWidth: 0 }}>
          {!editable && <ReadOnlyNote state={state} />}
          {hasMediaPanel(content.content_type_id) && (
            <Box mt="md">
              <MediaPanel
                content={content}
                readOnly={!editable || busy}
                unsaved={dirty}
                onReplaced={() => refresh(true)}
              />
            </Box>
          )}
          <EditorForm
            store={store}
            template={template}
            item={editorItem}
            readOnly={!editable || busy}
            formErrors={formErrors}
            handle={form}
          />
        </Box>
        {historyOpen && (
          <VersionHistory
            content={content}
            template={template}
            onClose={() => setHistoryOpen(false)}
            onOpenVersion={(next) => void navigate(`/content/${id}?version=${next}`)}
            onRestore={(from) => void newDraft(() => createDraft(id, from))}
            restoreDisabled={actions.find((a) => a.id === 'createDraft')!.disabledReason}
          />
        )}
      </Group>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={EDITOR_DIALOGS.notSavedTitle}
        centered
      >
        <Text size="sm">{EDITOR_DIALOGS.notSaved}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {EDITOR_DIALOGS.discard}
          </Button>
        </Group>
      </Modal>
      <NoticeDialog
        opened={dialog?.kind === 'notice'}
        title={dialog?.kind === 'notice' ? dialog.title : ''}
        message={dialog?.kind === 'notice' ? dialog.message : ''}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' ? dialog.title : ''}
        message={dialog?.kind === 'confirm' ? dialog.message : ''}
        confirmLabel={dialog?.kind === 'confirm' ? dialog.confirmLabel : undefined}
        onCancel={closeDialog}
        onConfirm={() => {
          if (dialog?.kind === 'confirm') dialog.onConfirm();
          closeDialog();
        }}
      />
      <Modal
        opened={dialog?.kind === 'stale'}
        onClose={closeDialog}
        title="Someone else saved this version"
        centered
      >
        <Text size="sm">{staleSaveMessage(staleName)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={closeDialog}>
            Keep editing
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              if (dialog?.kind !== 'stale') return;
              store.reset(dialog.current);
              queryClient.setQueryData(queryKey, dialog.current);
              setFormErrors([]);
              closeDialog();
              void refresh(true);
            }}
          >
            Reload
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function ReadOnlyNote({ state }: { state: ActionState }) {
  const { content } = state;
  let text: string;
  if (content.status_id === 'published') {
    text = `Version ${content.version} is published and never changes. Lock it to create a new draft from it.`;
  } else if (content.status_id === 'staged') {
    text = `Version ${content.version} is staged. Use Back to Draft to edit it again.`;
  } else if (content.locked_by && content.locked_by !== state.me) {
    text = `Locked by ${content.locked_by_name ?? content.locked_by}: you can read this draft but not change it.`;
  } else {
    text = 'Lock the content to edit it.';
  }
  return (
    <Alert variant="light" color="gray" mt="md" p="xs">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
