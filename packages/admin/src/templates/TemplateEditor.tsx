/**
 * The template editor (/admin/templates/{id}): the template's settings, its blocks and field
 * definitions beside a live preview of the form they make; a template folder lists its
 * templates with 'New template'. Save writes what changed (§7 Templates) after a stale check.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID, hasPermission } from '@canopy/core';
import { errorMessage } from '@canopy/client';
import { ConfirmDialog, notify } from '@canopy/ui';
import { menusQuery, referencesQuery } from '../api';
import { EmptyState } from '../EmptyState';
import { indexForest } from '../tree/forest';
import { templateQuery, useDeleteTemplate } from './api';
import { BlocksEditor } from './BlocksEditor';
import {
  draftOf,
  draftProblems,
  planIsEmpty,
  planSave,
  TEMPLATE_FOLDER_TYPE,
  WIDGET_TEMPLATE_TYPE,
  type LoadedTemplate,
  type TemplateDraft,
} from './draft';
import type { WidgetOption } from './FieldDefinitionForm';
import { FolderChildren } from './FolderChildren';
import { NotSavedDialog, StaleDialog } from './dialogs';
import { compileRe2 } from './regex';
import { markUpdated, runSave, SaveRefused } from './save';
import { TemplateHeader } from './TemplateHeader';
import { TemplatePreview } from './TemplatePreview';
import { TemplateSettingsForm } from './TemplateSettingsForm';

export const TEMPLATE_TOASTS = {
  updated: 'The updated date and person have been updated',
  updateError: 'The template had issues updating updated date and person',
  deleted: 'The template has been deleted',
} as const;

const FIXED_ROOTS = new Set([TEMPLATE_FOLDER_ID, WIDGET_TEMPLATES_ROOT_ID]);
const newId = () => crypto.randomUUID();

export function TemplateEditor() {
  const { id = '' } = useParams();
  const template = useQuery(templateQuery(id));
  if (template.isError) {
    return (
      <EmptyState
        title="This template could not be opened"
        text={errorMessage(
          template.error,
          'It may have been deleted, or you may not have Read access to it.',
        )}
      />
    );
  }
  if (!template.data) return <Skeleton h={160} m="lg" />;
  return <LoadedEditor key={id} loaded={template.data} />;
}

function LoadedEditor({ loaded }: { loaded: LoadedTemplate }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menus = useQuery(menusQuery());
  const references = useQuery(referencesQuery());
  const deleteTemplate = useDeleteTemplate();
  const index = useMemo(() => (menus.data ? indexForest(menus.data) : null), [menus.data]);
  const templateId = loaded.template_id;

  // The draft starts from the template as loaded; a Save rebases it on what the server holds.
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(loaded));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [openFields, setOpenFields] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const plan = useMemo(() => planSave(base, draft), [base, draft]);
  const dirty = !planIsEmpty(plan);
  const problems = useMemo(() => draftProblems(draft, compileRe2), [draft]);
  const canEdit = hasPermission(base.permissions, 'Edit');
  const readOnly = !canEdit;
  const isFolder = draft.settings.template_type_id === TEMPLATE_FOLDER_TYPE;

  // A newer version on the server (another tab, a reorder) replaces an untouched draft.
  useEffect(() => {
    if (loaded.updated_date !== base.updated_date && !dirty && !saving) {
      setBase(loaded);
      setDraft(draftOf(loaded));
    }
  }, [loaded, base.updated_date, dirty, saving]);

  useEffect(() => {
    if (!focusKey) return;
    const timer = setTimeout(() => {
      document.getElementById(focusKey)?.focus();
      setFocusKey(null);
    }, 50);
    return () => clearTimeout(timer);
  }, [focusKey]);

  const widgetIds = useMemo(
    () =>
      index
        ? [...index.items.values()]
            .filter((item) => item.template_type_id === WIDGET_TEMPLATE_TYPE)
            .map((item) => item.content_id)
        : [],
    [index],
  );
  const widgetQueries = useQueries({ queries: widgetIds.map((wid) => templateQuery(wid)) });
  const widgets: WidgetOption[] = widgetQueries
    .flatMap((query) => (query.data && query.data.widget_type ? [query.data] : []))
    .sort((a, b) => a.template_name.localeCompare(b.template_name));
  const templateTypes = references.data?.templatetypes ?? [];
  const contentTypes = [...new Set(templateTypes.flatMap((type) => type.content_type_id ?? []))];

  const update = (recipe: (next: TemplateDraft) => void) =>
    setDraft((previous) => {
      const next = structuredClone(previous);
      recipe(next);
      return next;
    });
  const touch = (key: string) => {
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const errorOf = (key: string): string | null =>
    serverErrors[key] ??
    (attempted || touched.has(key)
      ? (problems.find((problem) => problem.key === key)?.message ?? null)
      : null);

  const focusProblem = (key: string, fieldId?: string | null) => {
    if (fieldId && !openFields.includes(fieldId)) setOpenFields([...openFields, fieldId]);
    setFocusKey(key);
  };

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...templateQuery(templateId), staleTime: 0 });
    setBase(fresh);
    return fresh;
  };

  const save = async () => {
    if (saving || readOnly) return;
    setAttempted(true);
    const first = problems[0];
    if (first) {
      focusProblem(first.key, first.fieldId);
      return;
    }
    if (!dirty) return;
    setSaving(true);
    try {
      await runSave(templateId, base.updated_date, plan);
      setServerErrors({});
    } catch (error) {
      if (error instanceof SaveRefused && error.code === 'STALE_SAVE') {
        setStale(error.message);
      } else if (error instanceof SaveRefused) {
        notify('error', error.message);
        if (error.inputKey) {
          setServerErrors({ [error.inputKey]: error.message });
          focusProblem(error.inputKey, error.fieldId);
        }
        // What was written before the refusal is the new base; the rest stays in the draft.
        await reload().catch(() => undefined);
      } else {
        notify('error', errorMessage(error, 'The template could not be saved'));
      }
      setSaving(false);
      return;
    }
    try {
      await markUpdated(templateId);
      notify('success', TEMPLATE_TOASTS.updated);
    } catch {
      notify('error', TEMPLATE_TOASTS.updateError);
    }
    const fresh = await reload();
    setDraft(draftOf(fresh));
    setAttempted(false);
    setTouched(new Set());
    setSaving(false);
    void queryClient.invalidateQueries(menusQuery());
  };

  const discard = () => {
    setDraft(draftOf(base));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
  };

  const remove = async () => {
    setDeleting(false);
    try {
      await deleteTemplate.mutateAsync(templateId);
    } catch (error) {
      notify('error', errorMessage(error, 'The template could not be deleted'));
      return;
    }
    notify('success', TEMPLATE_TOASTS.deleted);
    gone.current = true;
    await navigate(base.parent_id ? `/templates/${base.parent_id}` : '/', { replace: true });
  };

  useHotkeys([['mod+S', () => void save()]], []);
  // A deleted template has nothing left to lose.
  const gone = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !gone.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const item = index?.items.get(templateId);
  const trail = index && item ? index.ancestry(templateId).map((a) => index.items.get(a)!) : [];

  return (
    <Stack gap={0}>
      <TemplateHeader
        template={base}
        name={draft.settings.template_name}
        trail={trail}
        commands={{
          save: {
            perform: () => void save(),
            loading: saving,
            disabled: readOnly
              ? 'You need Edit permission on this template'
              : !dirty
                ? 'Nothing to save yet'
                : null,
          },
          discard: { perform: discard, disabled: dirty ? null : 'No changes to discard' },
          remove: {
            perform: () => setDeleting(true),
            disabled: FIXED_ROOTS.has(templateId)
              ? 'A fixed root of the template tree is never deleted'
              : hasPermission(base.permissions, 'Delete')
                ? null
                : 'You need Delete permission on this template',
          },
        }}
        dirty={dirty}
      />
      <Grid gap="md" p="md">
        <Grid.Col span={{ base: 12, lg: isFolder ? 12 : 7 }}>
          <Stack gap="md">
            <Section title="Template">
              <TemplateSettingsForm
                settings={draft.settings}
                readOnly={readOnly}
                templateTypes={templateTypes}
                widgets={widgets}
                errorOf={errorOf}
                touch={touch}
                update={update}
              />
            </Section>
            {isFolder ? (
              <FolderChildren
                folder={base}
                items={(index?.children.get(templateId) ?? []).map((c) => index!.items.get(c)!)}
                templateTypes={templateTypes}
                newId={newId}
              />
            ) : (
              <Section title="Blocks and fields">
                <BlocksEditor
                  blocks={draft.blocks}
                  update={update}
                  newId={newId}
                  readOnly={readOnly}
                  widgets={widgets}
                  contentTypes={contentTypes}
                  forest={menus.data ?? []}
                  errorOf={errorOf}
                  touch={touch}
                  openFields={openFields}
                  onOpenFields={setOpenFields}
                />
              </Section>
            )}
          </Stack>
        </Grid.Col>
        {!isFolder && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Section title="Preview" sticky>
              <TemplatePreview draft={draft} base={base} />
            </Section>
          </Grid.Col>
        )}
      </Grid>
      <StaleDialog
        message={stale}
        onReload={async () => {
          setStale(null);
          const fresh = await reload();
          setDraft(draftOf(fresh));
          setTouched(new Set());
          setAttempted(false);
        }}
        onCancel={() => setStale(null)}
      />
      <ConfirmDialog
        opened={deleting}
        title="Delete template"
        message={`Are you sure you want to delete the template "${base.template_name}"?`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
      <NotSavedDialog
        opened={blocker.state === 'blocked'}
        onDiscard={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
}

function Section(props: { title: string; sticky?: boolean; children: React.ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={props.title}
      style={props.sticky ? { position: 'sticky', top: 68 } : undefined}
    >
      <Title order={3} size="h5" mb="sm">
        {props.title}
      </Title>
      {props.children}
    </Paper>
  );
}
