/**
 * The item editor's form: the template's blocks grouped in tabs, each field with the editor of its
 * type (FIELD_KINDS), inside the EditorContext field editors read. It owns the §4 Picker-fields
 * behaviour: errors after touch or a save attempt, and the first invalid field focused on Save.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import {
  fieldTypeOf,
  type Template,
  type TemplateBlock,
  type TemplateFieldDefinition,
} from '@canopy/core';
import {
  EditorContext,
  type EditorApi,
  type EditorItem,
  type FieldTarget,
  fieldKey,
  readValue,
  writeValue,
} from '@canopy/ui/draft';
import { FIELD_KINDS } from './fields/registry';
import type { DraftStore } from './store';
import { validateField, withoutFieldName } from './validation';

export interface EditorFormHandle {
  /**
   * A save attempt: every field shows its error from now on; when one is invalid, the first is
   * focused (its tab opened) and false is returned, so nothing is saved.
   */
  checkBeforeSave(): boolean;
}

export interface EditorFormProps {
  store: DraftStore;
  template: Template;
  item: EditorItem;
  readOnly: boolean;
  /** Errors of the server that name no field (a zone, a block). */
  formErrors?: readonly string[];
  handle?: Ref<EditorFormHandle>;
  /** Rendered inside the editor's context after the form (side panels, tests' probes). */
  extra?: ReactNode;
}

/** The tab a template block's fields are edited in (see README, "Item editor"). */
export const PAGE_PROPERTIES_TAB = 'Page properties';
export const CONTENT_TAB = 'Content';
/** A tab's value without spaces: Mantine builds the tab's and panel's ids (aria-controls) from it. */
const tabValue = (tab: string) => tab.replace(/\s+/g, '-');

export function tabOf(block: TemplateBlock): string {
  return firstField(block)?.edit_in_behavior === 'Page Properties Tab'
    ? PAGE_PROPERTIES_TAB
    : CONTENT_TAB;
}

/** A template block's definition: its first field (§3: a block stores one value). */
export function firstField(block: TemplateBlock): TemplateFieldDefinition | undefined {
  return Object.values(block.template_fields)[0];
}

export function orderedBlocks(template: Template): TemplateBlock[] {
  return Object.values(template.template_blocks).sort((a, b) => a.block_order - b.block_order);
}

interface RegisteredField {
  definition: TemplateFieldDefinition;
  target: FieldTarget;
  tab: string;
  element: HTMLElement | null;
}

interface FormInternals {
  store: DraftStore;
  fields: Map<string, RegisteredField>;
}

const FormInternalsContext = createContext<FormInternals | null>(null);
const TabContext = createContext<string>(CONTENT_TAB);

function newId(): string {
  return crypto.randomUUID();
}

export function EditorForm({
  store,
  template,
  item,
  readOnly,
  formErrors = [],
  handle,
  extra,
}: EditorFormProps) {
  const fields = useRef(new Map<string, RegisteredField>()).current;
  const groups = useMemo(() => {
    const byTab = new Map<string, TemplateBlock[]>();
    for (const block of orderedBlocks(template)) {
      if (!firstField(block)) continue;
      const tab = tabOf(block);
      byTab.set(tab, [...(byTab.get(tab) ?? []), block]);
    }
    return [PAGE_PROPERTIES_TAB, CONTENT_TAB]
      .filter((tab) => byTab.has(tab))
      .map((tab) => ({ tab, blocks: byTab.get(tab)! }));
  }, [template]);
  const [activeTab, setActiveTab] = useState<string | null>(groups[0]?.tab ?? null);
  const [pendingFocus, setPendingFocus] = useState<{ key: string; n: number } | null>(null);

  const { draft, update, attempt } = store;
  const renderField = useCallback(
    (definition: TemplateFieldDefinition, target: FieldTarget): ReactNode => (
      <FieldSlot key={fieldKey(target)} definition={definition} target={target} />
    ),
    [],
  );
  const api = useMemo<EditorApi>(
    () => ({ item, template, readOnly, draft, update, renderField, newId }),
    [item, template, readOnly, draft, update, renderField],
  );
  const internals = useMemo(() => ({ store, fields }), [store, fields]);

  useImperativeHandle(
    handle,
    () => ({
      checkBeforeSave() {
        attempt();
        const invalid = [...fields.entries()]
          .filter(([, field]) => validateField(field.definition, readValue(draft, field.target)))
          .sort(([, a], [, b]) => domOrder(a.element, b.element));
        const first = invalid[0];
        if (!first) return true;
        setActiveTab(first[1].tab);
        setPendingFocus((current) => ({ key: first[0], n: (current?.n ?? 0) + 1 }));
        return false;
      },
    }),
    [attempt, draft, fields],
  );

  // Focus once the invalid field's tab is shown (a hidden element cannot take focus).
  useEffect(() => {
    if (!pendingFocus) return;
    const frame = requestAnimationFrame(() => fields.get(pendingFocus.key)?.element?.focus());
    return () => cancelAnimationFrame(frame);
  }, [pendingFocus, activeTab, fields]);

  const body = (blocks: TemplateBlock[]) => (
    <Stack gap="md" py="md">
      {blocks.map((block) =>
        renderField(firstField(block)!, { kind: 'content', templateBlockId: block.block_id }),
      )}
    </Stack>
  );

  return (
    <EditorContext.Provider value={api}>
      <FormInternalsContext.Provider value={internals}>
        {formErrors.length > 0 && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            mb="sm"
            title="The server refused this save"
          >
            {formErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        {groups.length === 0 && (
          <Text c="dimmed" size="sm" py="md">
            This item&apos;s template has no fields. Add blocks to the template to edit content
            here.
          </Text>
        )}
        {groups.length === 1 && (
          <TabContext.Provider value={groups[0]!.tab}>
            {body(groups[0]!.blocks)}
          </TabContext.Provider>
        )}
        {groups.length > 1 && (
          <Tabs
            value={activeTab && tabValue(activeTab)}
            onChange={(value) =>
              setActiveTab(groups.find(({ tab }) => tabValue(tab) === value)?.tab ?? null)
            }
            keepMounted
            keepMountedMode="display-none"
          >
            <Tabs.List>
              {groups.map(({ tab }) => (
                <Tabs.Tab key={tab} value={tabValue(tab)}>
                  {tab}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {groups.map(({ tab, blocks }) => (
              <Tabs.Panel key={tab} value={tabValue(tab)}>
                <TabContext.Provider value={tab}>{body(blocks)}</TabContext.Provider>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {extra}
      </FormInternalsContext.Provider>
    </EditorContext.Provider>
  );
}

function domOrder(a: HTMLElement | null, b: HTMLElement | null): number {
  if (!a || !b || a === b) return 0;
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/** One field: its value from the draft, its error (§4 Picker fields), its registration for Save. */
function FieldSlot({
  definition,
  target,
}: {
  definition: TemplateFieldDefinition;
  target: FieldTarget;
}) {
  const editor = useContext(EditorContext)!;
  const internals = useContext(FormInternalsContext);
  if (!internals) throw new Error('renderField must be used inside the EditorForm');
  const tab = useContext(TabContext);
  const { store, fields } = internals;
  const key = fieldKey(target);
  const value = readValue(editor.draft, target);
  const kind = FIELD_KINDS[fieldTypeOf(definition)];

  const registered = useRef<RegisteredField>({ definition, target, tab, element: null });
  registered.current.definition = definition;
  registered.current.target = target;
  registered.current.tab = tab;
  useEffect(() => {
    const entry = registered.current;
    fields.set(key, entry);
    return () => {
      if (fields.get(key) === entry) fields.delete(key);
    };
  }, [fields, key]);
  const focusRef = useCallback((element: HTMLElement | null) => {
    registered.current.element = element;
  }, []);

  const { update, newId } = editor;
  const { touch, clearServerError } = store;
  const onChange = useCallback(
    (next: string) => {
      clearServerError(key);
      update((draft) => writeValue(draft, target, next, newId));
    },
    // target is a fresh object each render; its key says all of it
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, update, newId, clearServerError],
  );
  const onBlur = useCallback(() => touch(key), [touch, key]);

  const serverError = store.serverErrors[key];
  const ownError =
    store.touched.has(key) || store.attempts > 0 ? validateField(definition, value) : null;
  const error = serverError ? withoutFieldName(serverError, definition.field_name) : ownError;

  return (
    <kind.Editor
      definition={definition}
      target={target}
      inputId={`field-${key.replace(/[^a-zA-Z0-9-]/g, '-')}`}
      label={definition.field_name}
      description={definition.tool_tip || null}
      required={definition.is_required === 1}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      readOnly={editor.readOnly}
      error={error}
      focusRef={focusRef}
    />
  );
}
