/**
 * The form a template produces, as an editor will see it: each block's stored field (its first)
 * with the editor of its type, read-only, holding its default value.
 */
import { Component, type ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { defaultFieldValue, fieldTypeOf } from '@canopy/core';
import { FIELD_KINDS } from '../editor/fields/registry';
import type { TemplateDraft } from './draft';

export function TemplatePreview({ draft }: { draft: TemplateDraft }) {
  const fields = draft.blocks.flatMap((block) =>
    block.fields.length > 0 ? [{ block, field: block.fields[0]! }] : [],
  );
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Add a block to see the form this template makes.
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-label="Form preview" role="form">
      {fields.map(({ block, field }) => {
        const { Editor } = FIELD_KINDS[fieldTypeOf(field)];
        return (
          <PreviewBoundary key={block.block_id} name={field.field_name}>
            <Editor
              definition={field}
              target={{ kind: 'content', templateBlockId: block.block_id }}
              inputId={`preview-${block.block_id}`}
              label={field.field_name || block.block_name}
              description={field.tool_tip}
              required={field.is_required === 1}
              value={defaultFieldValue(field) ?? ''}
              onChange={() => undefined}
              onBlur={() => undefined}
              readOnly
              error={null}
              focusRef={() => undefined}
            />
          </PreviewBoundary>
        );
      })}
    </Stack>
  );
}

/** A field editor that cannot render outside an item leaves a note, not a broken preview. */
class PreviewBoundary extends Component<
  { name: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert variant="light" color="gray" p="xs">
        {this.props.name}: shown in the item editor only
      </Alert>
    );
  }
}
