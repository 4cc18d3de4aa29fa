/**
 * The form a template produces, beside its definition: the item editor's own form (EditorForm),
 * read-only, on a made-up item whose fields hold their default values. It follows every change of
 * the draft; a field editor that cannot show outside a real item leaves a note instead.
 */
import { Component, useMemo, type ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { defaultFieldValue, type Content, type ContentField, type Template } from '@canopy/core';
import { EditorForm } from '../editor/EditorForm';
import { useDraftStore } from '../editor/store';
import type { TemplateDraft } from './draft';

const PREVIEW_ID = '00000000-0000-4000-8000-0000000000ff';

/** The draft as the template the server would send after a Save. */
export function templateOfDraft(draft: TemplateDraft, base: Template): Template {
  const blocks: Template['template_blocks'] = {};
  draft.blocks.forEach((block, index) => {
    blocks[block.block_id] = {
      block_id: block.block_id,
      template_id: base.template_id,
      block_name: block.block_name,
      block_order: index + 1,
      template_fields: Object.fromEntries(block.fields.map((field) => [field.field_name, field])),
    };
  });
  return { ...base, ...draft.settings, template_blocks: blocks };
}

function previewContent(template: Template): Content {
  const fields: Record<string, ContentField> = {};
  for (const block of Object.values(template.template_blocks)) {
    const first = Object.values(block.template_fields)[0];
    if (!first) continue;
    fields[block.block_id] = {
      field_id: `${block.block_id}-preview`,
      content_id: PREVIEW_ID,
      template_block_id: block.block_id,
      version: 1,
      field_value: defaultFieldValue(first),
      content_ref: null,
      referenced_data_collection: null,
      dynamic_content_regions: {},
    };
  }
  return {
    content_id: PREVIEW_ID,
    content_name: template.template_name,
    content_type_id: template.template_type_id.replace(/-template$/, ''),
    template_id: template.template_id,
    parent_id: null,
    parent_version: null,
    content_order: 1,
    publish_date: '1970-01-01 12:00',
    unpublish_date: '1970-01-01 12:00',
    version: 1,
    status_id: 'draft',
    is_active: 0,
    is_locked: 0,
    locked_by: null,
    copied_from: null,
    site_id: null,
    updated_date: template.updated_date,
    updated_by: template.updated_by,
    permissions: ['Read'],
    media_library_directory: null,
    page_url: null,
    content_fields: fields,
    content_ref: null,
  };
}

export function TemplatePreview({ draft, base }: { draft: TemplateDraft; base: Template }) {
  const template = useMemo(() => templateOfDraft(draft, base), [draft, base]);
  if (!draft.blocks.some((block) => block.fields.length > 0)) {
    return (
      <Text size="sm" c="dimmed">
        Add a block to see the form this template makes.
      </Text>
    );
  }
  // A new form for every change: the preview's draft starts from the definitions' defaults.
  return (
    <PreviewBoundary key={JSON.stringify(template.template_blocks)}>
      <PreviewForm template={template} />
    </PreviewBoundary>
  );
}

function PreviewForm({ template }: { template: Template }) {
  const content = useMemo(() => previewContent(template), [template]);
  const store = useDraftStore(content);
  const item = {
    content_id: content.content_id,
    version: 1,
    site_id: null,
    content_type_id: content.content_type_id,
    media_library_directory: null,
  };
  return (
    <div role="form" aria-label="Form preview">
      <EditorForm store={store} template={template} item={item} readOnly />
    </div>
  );
}

class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert variant="light" color="gray" p="xs">
        The preview cannot show this form yet; the item editor shows it once content uses it.
      </Alert>
    );
  }
}
