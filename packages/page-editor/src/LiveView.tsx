/**
 * The live page beside the admin's item editor (/admin/page-editor/{id}?view=live): the page as
 * the site renders it, read-only, from the draft the admin's form sends (`@canopy/ui/draft`'s
 * live-page messages). It is the page editor's own store and surface with Edit In-Page off, so a
 * field typed in the form re-renders only the widget it belongs to. Links do not navigate: the
 * frame stays on the page being edited.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { onLivePage, sendLivePage } from '@canopy/ui/draft';
import { EditingContext, PageBody, PageContent } from '@canopy/site/browser';
import { EditorStateContext, type EditorState } from './editor-context';
import { PageGate, usePageContainer, useSiteLook, versionOf, type PageData } from './page-data';
import { registry } from './site-registry';
import { PageStore } from './store';
import { createSurface } from './surface';

export function LiveView({ contentId }: { contentId: string }) {
  const [version] = useState(() => versionOf(window.location.href));
  return (
    <PageGate contentId={contentId} version={version}>
      {(data) => <LivePage key={`${contentId}@${data.content.version}`} {...data} />}
    </PageGate>
  );
}

function LivePage({ content, context, templates }: PageData) {
  const [store] = useState(
    () =>
      new PageStore(
        { ...context.site, basePath: context.base_path, stylesheet: context.stylesheet },
        content.page_url!,
        content,
      ),
  );
  const model = useSyncExternalStore(store.subscribe, () => store.model);
  const container = usePageContainer();
  useSiteLook(context.stylesheet, model, ['canopy-live-page'], `${model.name} | Live page`);

  // The admin's drafts of this version; the first comes in answer to 'ready'.
  useEffect(() => {
    const stop = onLivePage(
      () => window.parent,
      (message) => {
        if (message.kind !== 'canopy-live-draft') return;
        const { draft } = message;
        if (draft.content_id === content.content_id && draft.version === content.version)
          store.preview(draft);
      },
    );
    if (window.parent !== window) sendLivePage(window.parent, { kind: 'canopy-live-ready' });
    return stop;
  }, [store, content.content_id, content.version]);

  const state = useMemo<EditorState>(
    () => ({
      store,
      templates,
      editable: false,
      editing: false,
      selected: null,
      select: () => {},
      dragging: false,
      newId: () => crypto.randomUUID(),
      attempts: 0,
    }),
    [store, templates],
  );
  const surface = useMemo(() => createSurface(store), [store]);
  if (!container) return null;
  return createPortal(
    <EditorStateContext.Provider value={state}>
      <EditingContext.Provider value={surface}>
        <div
          onClickCapture={(event) => {
            if ((event.target as Element).closest('a')) event.preventDefault();
          }}
        >
          <PageBody page={model}>
            <PageContent page={model} registry={registry} />
          </PageBody>
        </div>
      </EditingContext.Provider>
    </EditorStateContext.Provider>,
    container,
  );
}
