/**
 * The page editor: the page as its site renders it (the site's own components and stylesheet,
 * in the document), with the Edit toolbar, the Save/publish toolbar and the right edit panel in
 * a shadow root above it. One React tree and one store: a drag from the panel lands on the page
 * without crossing a frame.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { QueryKey } from '@tanstack/react-query';
import type { Content, Template } from '@canopy/core';
import {
  EDITOR_DIALOGS,
  LockRequests,
  contentVersionQuery,
  notify,
  queryClient,
  stateOfContent,
  type JsonReply,
} from '@canopy/ui';
import { addBlock, findBlock, moveBlockToZone, type ZoneOutcome } from '@canopy/ui/draft';
import { EditingContext, PageBody, PageContent } from '@canopy/site/browser';
import type { EditingContextReply } from './api';
import { PageGate, usePageContainer, useSiteLook, versionOf } from './page-data';
import { registry } from './site-registry';
import { KeptChanges } from './kept';
import { QuestionDialog } from './chrome/QuestionDialog';
import { usePageCommands, type Question } from './commands';
import {
  EditorStateContext,
  useDraftValue,
  type EditorState,
  type Templates,
} from './editor-context';
import { PageStore } from './store';
import { firstInvalidField } from './validate';
import { createSurface, type DropData, type MoveData } from './surface';
import { EditPanel, type NewWidgetData, type PanelTab } from './chrome/EditPanel';
import { EditToolbar, type DeviceWidth } from './chrome/EditToolbar';
import { InlineToolbar } from './chrome/InlineToolbar';
import {
  CONTAINER_ITEM_WIDGET,
  collisions,
  dropTargetSteps,
  refusedDrop,
  zonesOf,
} from './drop-rules';
import { usePageLive } from './live';
import './frames.css';

const newId = () => crypto.randomUUID();

/** Who is signed in, as GET /api/identity/personinfo answers (what the editor shows of it). */
export type Person = Pick<
  JsonReply<'/api/identity/personinfo', 'get'>,
  'name' | 'preferred_username'
>;

export function PageEditor({ contentId, person }: { contentId: string; person: Person }) {
  const [version, setVersion] = useState(() => versionOf(window.location.href));
  // Edit In-Page stays on from one version to another (a published one shows read-only).
  const [editing, setEditing] = useState(false);
  return (
    <PageGate contentId={contentId} version={version}>
      {({ content, context, templates }) => (
        <LoadedEditor
          key={`${contentId}@${content.version}`}
          content={content}
          queryKey={contentVersionQuery(contentId, version).queryKey}
          context={context}
          templates={templates}
          person={person}
          editing={editing}
          onEditing={setEditing}
          onVersion={(next) => {
            const url = new URL(window.location.href);
            if (next == null) url.searchParams.delete('version');
            else url.searchParams.set('version', String(next));
            window.history.replaceState(null, '', url);
            // A version is read afresh when opened: its lock and status may have changed since.
            queryClient.removeQueries({ queryKey: contentVersionQuery(contentId, next).queryKey });
            setVersion(next);
          }}
        />
      )}
    </PageGate>
  );
}

function LoadedEditor(props: {
  content: Content;
  /** The query the content is read by (Save caches its answer there). */
  queryKey: QueryKey;
  context: EditingContextReply;
  templates: Templates;
  person: Person;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onVersion: (version: number | null) => void;
}) {
  const { templates, person, editing, onEditing: setEditing } = props;
  // One store per version opened; later replies reach it through `show`.
  const [store] = useState(
    () =>
      new PageStore(
        {
          ...props.context.site,
          basePath: props.context.base_path,
          stylesheet: props.context.stylesheet,
        },
        props.content.page_url!,
        props.content,
      ),
  );
  // The toolbars follow these; the page does not re-render for a field edit.
  const dirty = useDraftValue(store, () => store.dirty);
  const canUndo = useDraftValue(store, () => store.canUndo);
  const canRedo = useDraftValue(store, () => store.canRedo);
  const model = useSyncExternalStore(store.subscribe, () => store.model);
  const { loaded, viewers, newer } = usePageLive(store, props.content, person.preferred_username);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<PanelTab>('blocks');
  const [dragging, setDragging] = useState<{ name: string } | null>(null);
  const [device, setDevice] = useState<DeviceWidth>('desktop');
  const [question, setQuestion] = useState<Question | null>(null);
  const [attempts, setAttempts] = useState(0);
  const pageContainer = usePageContainer();
  // A save elsewhere over unsaved changes here: ask before showing it (never a silent overwrite).
  const newerDate = newer?.updated_date;
  useEffect(() => {
    if (!newer) return;
    setQuestion({
      title: 'A newer version was saved',
      message: `${newer.updated_by_name ?? newer.updated_by ?? 'Someone'} saved this version while you edited it. Your changes here are not saved; show the newer version and discard them?`,
      confirm: { label: 'Show the newer version', run: () => store.reset(newer) },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newer save
  }, [newerDate]);

  const mine = loaded.locked_by != null && loaded.locked_by === person.preferred_username;
  const isDraft = loaded.status_id === 'draft';
  const on = editing && mine;
  const editable = on && isDraft;
  const state = stateOfContent(loaded, person.preferred_username, dirty);

  const select = useCallback((id: string | null) => {
    setSelected(id);
    if (id) setTab('selected');
  }, []);
  const commands = usePageCommands({
    store,
    show: (next) => {
      store.reset(next);
      // The lock and the versions are the item's: every version read before is out of date.
      void queryClient.invalidateQueries({
        queryKey: ['contents', next.content_id],
        refetchType: 'none',
      });
    },
    queryKey: props.queryKey,
    open: (next) => props.onVersion(next),
    ask: setQuestion,
    check: () => {
      const invalid = firstInvalidField(store.draft, templates);
      if (!invalid) return true;
      setAttempts((n) => n + 1);
      notify('error', `${invalid.label}: ${invalid.message}`);
      if (invalid.target.kind === 'block') select(invalid.target.blockId);
      else setTab('page');
      return false;
    },
  });

  // Someone else's lock, or an unlock, turns Edit In-Page off.
  useEffect(() => {
    if (!mine && editing) setEditing(false);
  }, [mine, editing, setEditing]);

  const editorState = useMemo<EditorState>(
    () => ({
      store,
      templates,
      editable,
      editing: on,
      selected,
      select,
      dragging: dragging != null,
      newId,
      attempts,
    }),
    [store, templates, editable, on, selected, select, dragging, attempts],
  );
  const surface = useMemo(() => createSurface(store), [store]);

  useSiteLook(
    props.context.stylesheet,
    model,
    ['canopy-editing-page', on ? 'canopy-with-panel' : ''],
    `${model.name} | Page editor`,
  );

  // Ctrl/Cmd+S saves; Ctrl/Cmd+Z undoes, with Shift (or Y) redoes, while editing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's' && editable) {
        event.preventDefault();
        if (store.dirty) commands.save();
      } else if (key === 'z' && editable) {
        event.preventDefault();
        if (event.shiftKey) store.redo();
        else store.undo();
      } else if (key === 'y' && editable) {
        event.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, store, commands]);
  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const zones = useMemo(() => zonesOf(templates.item), [templates.item]);
  /** What a zone takes: its listed widgets (every widget when none are listed). */
  const allowedIn = useCallback(
    (zoneBlockId: string): Template[] => {
      const ids = zones.get(zoneBlockId) ?? [];
      return ids.length === 0
        ? [...templates.byId.values()].filter(
            (t) => t.widget_type != null && t.widget_type !== CONTAINER_ITEM_WIDGET,
          )
        : ids.flatMap((id) => templates.byId.get(id) ?? []);
    },
    [zones, templates.byId],
  );
  /** The Blocks tab: what the zones take and the items their containers hold, by name. */
  const widgets = useMemo(() => {
    const found = new Map<string, Template>();
    for (const zone of zones.keys())
      for (const t of allowedIn(zone)) {
        found.set(t.template_id, t);
        const item = t.container_item_child_reference;
        const itemTemplate = item ? templates.byId.get(item) : undefined;
        if (itemTemplate) found.set(itemTemplate.template_id, itemTemplate);
      }
    return [...found.values()].sort((a, b) => a.template_name.localeCompare(b.template_name));
  }, [zones, allowedIn, templates.byId]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // A step to a target out of view scrolls the page to it at once: a smooth scroll would leave
    // the block behind until it ends, and each further press would start it again.
    useSensor(KeyboardSensor, { coordinateGetter: dropTargetSteps, scrollBehavior: 'auto' }),
  );
  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as NewWidgetData | MoveData | undefined;
    setDragging({ name: data?.name ?? 'Widget' });
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const data = event.active.data.current as NewWidgetData | MoveData | undefined;
    const target = event.over?.data.current as DropData | undefined;
    if (!data || !target || !editable) return;
    let outcome: ZoneOutcome | undefined;
    if (data.kind === 'new') {
      const refused = refusedDrop(store, templates, target, data.template, allowedIn);
      if (refused) {
        notify('error', refused);
        return;
      }
      store.update((d) => {
        outcome = addBlock(d, target.zoneBlockId, data.template, newId, target.placement);
      });
    } else {
      if (data.zoneBlockId !== target.zoneBlockId) {
        // Into another zone: only where that zone allows the block's widget.
        const widget = templates.byId.get(findBlock(store.draft, data.blockId)?.template_id ?? '');
        const refused = widget && refusedDrop(store, templates, target, widget, allowedIn);
        if (refused) {
          notify('error', refused);
          return;
        }
      }
      store.update((d) => {
        outcome = moveBlockToZone(
          d,
          data.zoneBlockId,
          target.zoneBlockId,
          data.blockId,
          target.placement,
          newId,
        );
      });
    }
    if (outcome && !outcome.ok)
      console.error(`Layout move failed (${outcome.reason}): ${outcome.id}`);
    else if (outcome && data.kind === 'new') select(outcome.id);
  };

  const readOnlyReason = !isDraft
    ? `Version ${loaded.version} is ${loaded.status_id}: nothing can be changed. ${
        loaded.status_id === 'published'
          ? 'Lock it to create a draft from it.'
          : 'Move it back to draft to change it.'
      }`
    : null;

  // The page re-renders when its structure changes; a field edit reaches only its widget.
  const page = useMemo(
    () => (
      <div
        className="canopy-device"
        data-width={device}
        onClickCapture={(event) => {
          // While editing, a click selects or edits; it never follows the page's links.
          if (on && (event.target as Element).closest('a')) event.preventDefault();
        }}
      >
        <PageBody page={model}>
          <PageContent page={model} registry={registry} />
        </PageBody>
      </div>
    ),
    [model, device, on],
  );

  return (
    <EditorStateContext.Provider value={editorState}>
      <EditingContext.Provider value={surface}>
        <DndContext
          sensors={sensors}
          collisionDetection={collisions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          {pageContainer && createPortal(page, pageContainer)}
          <EditToolbar
            content={loaded}
            viewers={viewers}
            lockRequests={
              <LockRequests
                content={loaded}
                me={person.preferred_username}
                dirty={dirty}
                onDiscard={() => store.reset(loaded)}
              />
            }
            me={{ username: person.preferred_username, name: person.name }}
            state={state}
            commands={commands}
            editing={on}
            onEditing={setEditing}
            onVersion={(next) => {
              if (!dirty) return props.onVersion(next);
              setQuestion({
                title: EDITOR_DIALOGS.notSavedTitle,
                message: EDITOR_DIALOGS.notSaved,
                confirm: { label: EDITOR_DIALOGS.discard, run: () => props.onVersion(next) },
              });
            }}
            canUndo={canUndo}
            canRedo={canRedo}
            onUndo={store.undo}
            onRedo={store.redo}
            device={device}
            onDevice={setDevice}
          />
          <EditPanel
            shown={on}
            tab={tab}
            onTab={setTab}
            readOnly={!editable}
            readOnlyReason={readOnlyReason}
            widgets={widgets}
          />
          {editable && <InlineToolbar />}
          <DragOverlay dropAnimation={null}>
            {dragging && <div className="canopy-drag-overlay">{dragging.name}</div>}
          </DragOverlay>
          <KeptChanges
            store={store}
            loaded={loaded}
            me={person.preferred_username}
            lockThen={commands.lockThen}
            ask={setQuestion}
          />
          <QuestionDialog question={question} onClose={() => setQuestion(null)} />
        </DndContext>
      </EditingContext.Provider>
    </EditorStateContext.Provider>
  );
}
