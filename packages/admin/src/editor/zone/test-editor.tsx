/**
 * A real EditorContext around the zone editor for component tests: the draft in React state,
 * changed with immer recipes, block fields rendered as plain text inputs that mark their row.
 */
import { MantineProvider, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { produce } from 'immer';
import { useState, type ReactNode } from 'react';
import { PERMISSIONS, type Template } from '@canopy/core';
import { ToastHost, templateQuery, widgetReferencesQuery, type LoadedTemplate } from '@canopy/ui';
import {
  EditorContext,
  type DraftContent,
  type EditorApi,
  type FieldTarget,
  zoneRegion,
} from '@canopy/ui/draft';
import { PAGE_TEMPLATE, ZONE_BLOCK, sequentialIds } from './test-fixtures';

export interface Harness {
  /** The draft as it is now (what a Save would send). */
  draft: () => DraftContent;
  /** Replaces the draft, as the editor does after a Save or a reload. */
  replace: (recipe: (draft: DraftContent) => void) => void;
}

/** A fixture template as GET /api/templates/{id} answers it: placed at the root, fields in order. */
function loaded(template: Template): LoadedTemplate {
  const blocks = Object.entries(template.template_blocks).map(([id, block]) => {
    const fields = Object.entries(block.template_fields).map(([name, field], i) => [
      name,
      { ...field, template_id: template.template_id, field_order: i + 1 },
    ]);
    return [id, { ...block, template_fields: Object.fromEntries(fields) }];
  });
  return {
    ...template,
    path: template.template_id,
    lvl: 0,
    permissions: [...PERMISSIONS],
    template_blocks: Object.fromEntries(blocks),
  };
}

export function queryClientWith(templates: Template[]): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const all = templates.map(loaded);
  for (const template of all) {
    client.setQueryData(templateQuery(template.template_id).queryKey, template);
  }
  client.setQueryData(
    widgetReferencesQuery(PAGE_TEMPLATE.template_id).queryKey,
    all.filter((t) => t.widget_type),
  );
  return client;
}

export function TestEditor({
  initial,
  readOnly = false,
  templates,
  harness,
  children,
}: {
  initial: DraftContent;
  readOnly?: boolean;
  templates: Template[];
  harness: Partial<Harness>;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  const [client] = useState(() => queryClientWith(templates));
  const [newId] = useState(() => sequentialIds());
  harness.draft = () => draft;
  harness.replace = (recipe) => setDraft((current) => produce(current, recipe));

  const editor: EditorApi = {
    item: {
      content_id: draft.content_id,
      version: draft.version,
      site_id: null,
      content_type_id: draft.content_type_id,
      media_library_directory: null,
    },
    template: PAGE_TEMPLATE,
    readOnly,
    draft,
    update: (recipe) => setDraft((current) => produce(current, recipe)),
    renderField: (definition, target) => (
      <BlockFieldInput
        label={definition.field_name}
        target={target}
        draft={draft}
        readOnly={readOnly}
        onChange={(value) =>
          setDraft((current) =>
            produce(current, (d) => {
              if (target.kind !== 'block') return;
              const block = zoneRegion(d, ZONE_BLOCK)!.content_blocks[target.blockId]!;
              const field = block.content_blocks_fields[target.templateBlockId]!;
              field.field_value = value;
              if (!field.cmsItemStatus?.create) field.cmsItemStatus = { edited: true };
            }),
          )
        }
      />
    ),
    newId,
  };
  return (
    <MantineProvider env="test">
      <ToastHost />
      <QueryClientProvider client={client}>
        <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function BlockFieldInput({
  label,
  target,
  draft,
  readOnly,
  onChange,
}: {
  label: string;
  target: FieldTarget;
  draft: DraftContent;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const block =
    target.kind === 'block' ? zoneRegion(draft, ZONE_BLOCK)?.content_blocks[target.blockId] : null;
  const value = block?.content_blocks_fields[target.templateBlockId]?.field_value ?? '';
  return (
    <TextInput
      label={label}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
