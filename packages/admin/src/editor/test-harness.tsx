/**
 * Renders field editors the way the item editor does, for component tests: a template and a
 * content go in, the real EditorForm (EditorContext, renderField, validation, focus on Save)
 * renders them, and the test reads back the draft and the Save body a person's edits made.
 *
 *   const editor = renderEditor({ fields: [{ field_name: 'Title', field_type: 'Short Text' }] });
 *   await userEvent.type(screen.getByLabelText('Title'), 'Hello');
 *   expect(editor.changes().content_fields[0]?.field_value).toBe('Hello');
 */
import { createRef, type ReactNode } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  BLANK_FIELD_DEFINITION,
  type BlockField,
  type Content,
  type ContentBlock,
  type ContentField,
  type Template,
  type TemplateBlock,
  type TemplateFieldDefinition,
} from '@canopy/core';
import {
  type DraftContent,
  type EditorApi,
  type EditorItem,
  useEditor,
  collectChanges,
  type SaveChanges,
} from '@canopy/ui/draft';
import { EditorForm, type EditorFormHandle } from './EditorForm';
import { useDraftStore, type DraftStore } from './store';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to `document.fonts`.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

let counter = 0;
/** Readable, unique uuid-shaped ids for fixtures. */
export function testId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export type FieldSpec = Partial<TemplateFieldDefinition> &
  Pick<TemplateFieldDefinition, 'field_name'> & {
    /** The block's id (its content field's template_block_id); made up when not given. */
    block_id?: string;
  };

/** A field definition with every property, the given ones kept. */
export function fieldDefinition(spec: FieldSpec): TemplateFieldDefinition {
  return {
    ...BLANK_FIELD_DEFINITION,
    field_id: testId(),
    block_id: spec.block_id ?? testId(),
    edit_in_behavior: 'Page Properties Tab',
    ...spec,
  };
}

/** A template with one block per field (§3: a block's first field is its definition). */
export function makeTemplate(fields: FieldSpec[], extra: Partial<Template> = {}): Template {
  const blocks: Record<string, TemplateBlock> = {};
  fields.forEach((spec, index) => {
    const definition = fieldDefinition(spec);
    blocks[definition.block_id] = {
      block_id: definition.block_id,
      template_id: extra.template_id ?? 'template',
      block_name: spec.field_name,
      block_order: index + 1,
      template_fields: { [spec.field_name]: definition },
    };
  });
  return {
    template_id: testId(),
    template_name: 'Test Template',
    template_type_id: 'page-template',
    parent_id: null,
    template_order: 1,
    template_blocks: blocks,
    file_layout: 'page',
    widget_type: null,
    custom_icon_class: null,
    container_item_child_reference: null,
    widget_template_data: null,
    childLevelsNeeded: 1,
    allowed_content_type: '',
    allowed_template_type: '',
    updated_date: '2026-11-20T10:00:00.000Z',
    updated_by: 'nina',
    ...extra,
  };
}

/** The template block holding a field, by the field's name. */
export function blockOf(template: Template, fieldName: string): TemplateBlock {
  const block = Object.values(template.template_blocks).find((b) => fieldName in b.template_fields);
  if (!block) throw new Error(`The template has no field named ${fieldName}`);
  return block;
}

/**
 * A content of the template, version 1 draft, with a stored field for each value given by field
 * name (`null` stores an empty field; a field not named has no row at all).
 */
export function makeContent(
  template: Template,
  values: Record<string, string | null> = {},
  extra: Partial<Content> = {},
): Content {
  const contentId = extra.content_id ?? testId();
  const version = extra.version ?? 1;
  const fields: Record<string, ContentField> = {};
  for (const [name, value] of Object.entries(values)) {
    const block = blockOf(template, name);
    fields[block.block_id] = {
      field_id: testId(),
      content_id: contentId,
      template_block_id: block.block_id,
      version,
      field_value: value,
      content_ref: null,
      referenced_data_collection: null,
      dynamic_content_regions: {},
    };
  }
  return {
    content_id: contentId,
    content_name: 'Test Item',
    content_type_id: 'page',
    template_id: template.template_id,
    parent_id: null,
    parent_version: null,
    content_order: 1,
    publish_date: '1970-01-01 12:00',
    unpublish_date: '1970-01-01 12:00',
    version,
    status_id: 'draft',
    is_active: 1,
    is_locked: 1,
    locked_by: 'nina',
    copied_from: null,
    site_id: null,
    updated_date: '2026-11-20T10:00:00.000Z',
    updated_by: 'nina',
    permissions: ['Edit', 'Create', 'Delete', 'Read'],
    media_library_directory: null,
    page_url: null,
    content_fields: fields,
    content_ref: null,
    ...extra,
  };
}

/** A block (with its stored fields) for a zone of a content made by `makeContent`. */
export function makeBlock(
  regionId: string,
  widget: Template,
  values: Record<string, string | null> = {},
  blockId = testId(),
): ContentBlock {
  const fields: Record<string, BlockField> = {};
  for (const [name, value] of Object.entries(values)) {
    const block = blockOf(widget, name);
    fields[block.block_id] = {
      field_id: testId(),
      block_id: blockId,
      template_block_id: block.block_id,
      field_value: value,
      version: 1,
    };
  }
  return {
    block_id: blockId,
    region_id: regionId,
    template_id: widget.template_id,
    version: 1,
    content_block_order: 1,
    file_layout: widget.file_layout,
    content_blocks_fields: fields,
  };
}

export interface RenderEditorOptions {
  /** The item's template; or `fields` to make one. */
  template?: Template;
  fields?: FieldSpec[];
  /** The loaded content; or `values` (by field name) to make one of the template. */
  content?: Content;
  values?: Record<string, string | null>;
  /** True renders the fields read-only, as for a version not locked by you. */
  readOnly?: boolean;
  /** Renders something else inside the editor's context too (e.g. a probe using useEditor). */
  children?: ReactNode;
  /** Where the memory router starts (editors that link need a router). */
  route?: string;
}

export interface RenderedEditor extends RenderResult {
  template: Template;
  content: Content;
  /** The draft as the person's edits left it. */
  draft(): DraftContent;
  /** The rows a Save would send now. */
  changes(): SaveChanges;
  dirty(): boolean;
  /** A save attempt (Ctrl+S): true when every field is valid, else the first invalid is focused. */
  attemptSave(): boolean;
  /** Shows the server's errors on the fields they name (keys from `fieldKey`). */
  serverErrors(errors: Record<string, string>): void;
  /** The EditorApi the field editors see. */
  api(): EditorApi;
}

export function renderEditor(options: RenderEditorOptions): RenderedEditor {
  const template = options.template ?? makeTemplate(options.fields ?? []);
  const content = options.content ?? makeContent(template, options.values ?? {});
  const item: EditorItem = {
    content_id: content.content_id,
    version: content.version,
    site_id: content.site_id,
    content_type_id: content.content_type_id,
    media_library_directory: content.media_library_directory,
  };
  const handle = createRef<EditorFormHandle>();
  const seen: { store: DraftStore | null; api: EditorApi | null } = { store: null, api: null };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  function Probe() {
    seen.api = useEditor();
    return null;
  }
  function Harness() {
    const store = useDraftStore(content);
    seen.store = store;
    return (
      <EditorForm
        store={store}
        template={template}
        item={item}
        readOnly={options.readOnly ?? false}
        handle={handle}
        extra={
          <>
            <Probe />
            {options.children}
          </>
        }
      />
    );
  }

  const result = render(
    // env="test": no transitions or portals, so dropdowns and dialogs show at once.
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Harness />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const store = () => {
    if (!seen.store) throw new Error('The editor has not rendered');
    return seen.store;
  };
  return {
    ...result,
    template,
    content,
    draft: () => store().draft,
    changes: () => collectChanges(store().draft),
    dirty: () => store().dirty,
    attemptSave: () => {
      let valid = false;
      act(() => {
        valid = handle.current!.checkBeforeSave();
      });
      return valid;
    },
    serverErrors: (errors) => act(() => store().setServerErrors(errors)),
    api: () => seen.api!,
  };
}
