/**
 * What the page editor's toolbar commands do: the same calls, confirmations (§4) and toasts (§8)
 * as the admin's item editor. Which command may run, and why not, is the registry's
 * (`viewCommand` over core's one description); this file only performs them.
 */
import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { Content } from '@canopy/core';
import { collectChanges, hasChanges } from '@canopy/ui/draft';
import {
  EDITOR_DIALOGS,
  EDITOR_TOASTS,
  PUBLISH_TEXTS,
  notify,
  statusToast,
  api,
  asApiError,
  replyOf,
  writtenVersion,
  queryClient,
  saveContent,
  storeWrittenContent,
  type JsonReply,
} from '@canopy/ui';
import type { PageStore } from './store';

/** A question the editor asks before a command goes on (§4 confirmations). */
export interface Question {
  title: string;
  message: string;
  /** Absent: a notice with OK only. */
  confirm?: { label: string; run: () => void };
}

export interface CommandContext {
  store: PageStore;
  /** Shows the content the server sent and keeps the queries in step. */
  show: (content: Content) => void;
  /** The query key the editor reads the shown version by (Save's answer is cached under it). */
  queryKey: QueryKey;
  /** Opens another version (a new draft, or the latest after Delete Draft). */
  open: (version: number | null) => void;
  ask: (question: Question) => void;
  /** Save's own check first: false when a field is invalid (the editor shows it). */
  check: () => boolean;
}

const BUILD_DEFINITION_ID = '263';
const BUILD_TYPE = 'both';

type Dependency = JsonReply<'/api/releases/publishableitems/{id}', 'get'>['dependencies'][number];

/** A referenced item Delivery would not show, as GET /api/releases/publishableitems lists it. */
type LeftOut = Pick<Dependency, 'name'> & {
  needed_by: readonly Pick<Dependency['needed_by'][number], 'content_name'>[];
};

/**
 * What Publish to Delivery from here warns of: the referenced items Delivery would not show (this
 * confirmation cannot include them; the admin's Publish dialog can). Empty when there are none.
 */
export function leftOutWarning(items: readonly LeftOut[]): string {
  if (items.length === 0) return '';
  const list = items
    .map(
      (item) => `${item.name} (needed by ${item.needed_by.map((p) => p.content_name).join(', ')})`,
    )
    .join('; ');
  return ` Pages on Delivery reference items it would not show: ${list}. To include them in the publish, publish from the admin's Publish dialog.`;
}

function failure(error: unknown, fallback: string): void {
  const reply = asApiError(error);
  if (reply.status === 'Failure') notify('Failure', reply.message ?? fallback);
  else notify('error', reply.message ?? fallback);
}

/** The mutations behind the toolbars, each with its toasts. */
export function usePageCommands(ctx: CommandContext) {
  const { store } = ctx;
  const id = () => store.loaded.content_id;
  const refresh = async () => {
    const content = replyOf(
      await api().GET('/api/contents/{id}/{version}', {
        params: { path: { id: id(), version: store.loaded.version } },
      }),
    );
    ctx.show(content);
  };

  const lock = useMutation({
    mutationFn: async () => {
      replyOf(await api().PUT('/api/lockcontents/{id}', { params: { path: { id: id() } } }));
      await refresh();
    },
    onError: (error) => failure(error, EDITOR_TOASTS.lockError),
  });
  const unlock = useMutation({
    mutationFn: async () => {
      replyOf(await api().PUT('/api/unlockcontents/{id}', { params: { path: { id: id() } } }));
      await refresh();
    },
    onError: (error) => failure(error, EDITOR_TOASTS.unlockError),
  });
  const draftFromPublished = useMutation({
    mutationFn: async () =>
      replyOf(
        await api().POST('/api/contents/draftfromversion', {
          body: { content_id: id(), version: store.loaded.version, is_locked: 1 },
        }),
      ),
    onSuccess: (content) => {
      notify('success', EDITOR_TOASTS.draftCreated);
      ctx.open(content.version);
    },
    onError: (error) => failure(error, EDITOR_TOASTS.draftError),
  });
  const save = useMutation({
    mutationFn: async () => {
      const changes = collectChanges(store.draft);
      const content = await saveContent({
        content_id: id(),
        version: store.loaded.version,
        updated_date: store.loaded.updated_date,
        ...changes,
      });
      return { content, changes };
    },
    onSuccess: ({ content, changes }) => {
      notify('success', EDITOR_TOASTS.saved);
      if (changes.content_blocks.some((b) => b.cmsItemStatus.delete))
        notify('success', EDITOR_TOASTS.blockDeleted);
      ctx.show(content);
      // The answer is the saved version: it is cached as it is, not fetched again.
      void storeWrittenContent(queryClient, content, ctx.queryKey);
    },
    onError: (error) => {
      const reply = asApiError(error);
      notify('error', EDITOR_TOASTS.saveError);
      if (reply.message) notify('error', reply.message);
    },
  });
  const status = useMutation({
    mutationFn: async (to: 'staged' | 'draft') =>
      writtenVersion(
        replyOf(
          await api().PUT('/api/contents/{id}', {
            params: { path: { id: id() } },
            body: { content_id: id(), version: store.loaded.version, status_id: to },
          }),
        ),
      ),
    onSuccess: (content, to) => {
      notify('success', statusToast(content.version, to));
      ctx.show(content);
    },
    onError: (error) => failure(error, EDITOR_TOASTS.saveError),
  });
  const deleteDraft = useMutation({
    mutationFn: async () => {
      replyOf(
        await api().DELETE('/api/contents/draft/{id}', {
          params: { path: { id: id() }, query: { version: store.loaded.version } },
        }),
      );
    },
    onSuccess: () => {
      notify('success', EDITOR_TOASTS.deleted);
      ctx.open(null);
    },
    onError: (error) => failure(error, EDITOR_TOASTS.deleteError),
  });
  const publish = useMutation({
    mutationFn: async (mode: 'preview' | 'delivery') =>
      replyOf(
        await api().POST('/api/releases', {
          body: {
            mode,
            site_id: store.loaded.site_id!,
            build_definition_id: BUILD_DEFINITION_ID,
            build_type: BUILD_TYPE,
          },
        }),
      ),
    onSuccess: () => notify('success', PUBLISH_TEXTS.submitted),
    onError: () => notify('error', PUBLISH_TEXTS.failed),
  });

  const busy = [lock, unlock, draftFromPublished, save, status, deleteDraft, publish].some(
    (m) => m.isPending,
  );

  return {
    busy,
    /** The lock button: Lock, Unlock, or on a published version a new draft from it (§4). */
    lockButton(rule: string, refusalCode: string | null) {
      if (rule === 'unlock') return unlock.mutate();
      if (rule === 'lock') return lock.mutate();
      if (refusalCode === 'DRAFT_EXISTS')
        return ctx.ask({ title: 'Lock', message: EDITOR_DIALOGS.draftExists });
      const versions = store.loaded.versions ?? [];
      const newestPublished = Math.max(
        ...versions.filter((v) => v.status_id === 'published').map((v) => v.version),
      );
      ctx.ask({
        title: 'Create a draft',
        message:
          store.loaded.version === newestPublished
            ? EDITOR_DIALOGS.fromLatestPublished
            : EDITOR_DIALOGS.notLatestPublished,
        confirm: { label: 'OK', run: () => draftFromPublished.mutate() },
      });
    },
    /** Locks, then runs `then` once the locked version is shown (restoring kept changes). */
    lockThen(then: () => void) {
      lock.mutate(undefined, { onSuccess: then });
    },
    save() {
      if (ctx.check()) save.mutate();
    },
    pushToStaging() {
      const run = () => status.mutate('staged');
      if (hasChanges(collectChanges(store.draft)))
        ctx.ask({
          title: EDITOR_DIALOGS.unsavedTitle,
          message: EDITOR_DIALOGS.unsavedPush,
          confirm: { label: 'Push to Staging', run },
        });
      else run();
    },
    backToDraft: () => status.mutate('draft'),
    deleteDraft() {
      if (store.loaded.version === 1)
        return ctx.ask({
          title: EDITOR_DIALOGS.deleteDraftTitle,
          message: EDITOR_DIALOGS.onlyVersion,
        });
      ctx.ask({
        title: EDITOR_DIALOGS.deleteDraftTitle,
        message: EDITOR_DIALOGS.confirmDeleteDraft,
        confirm: { label: 'Delete Draft', run: () => deleteDraft.mutate() },
      });
    },
    async publish(mode: 'preview' | 'delivery') {
      let warning = '';
      if (mode === 'delivery') {
        try {
          const items = replyOf(
            await api().GET('/api/releases/publishableitems/{id}', {
              params: { path: { id: store.loaded.site_id! }, query: { mode } },
            }),
          );
          warning = leftOutWarning(items.dependencies);
        } catch (error) {
          // The publish itself says what went wrong; the confirmation still asks.
          console.error('Reading what the publish would leave out failed', error);
        }
      }
      ctx.ask({
        title: mode === 'preview' ? 'Publish to Preview' : 'Publish to Delivery',
        message:
          mode === 'preview'
            ? 'Publish the site to the preview target? It is rebuilt from the latest staged and published versions.'
            : `Publish the site to delivery? Every staged version becomes published and the site is rebuilt.${warning}`,
        confirm: { label: 'Publish', run: () => publish.mutate(mode) },
      });
    },
  };
}

export type PageCommands = ReturnType<typeof usePageCommands>;
