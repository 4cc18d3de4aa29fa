/**
 * Rich Text (§2 Field editors): Tiptap through @mantine/tiptap, in the mode the definition names
 * (core's `richTextMode`). The editor is its own chunk, loaded the first time a Rich Text field
 * shows, so it stays out of the admin's first load.
 */
import { lazy, Suspense } from 'react';
import { Input, Skeleton } from '@mantine/core';
import { RICH_TEXT_FULL_EDITOR_HEIGHT, richTextMode } from '@canopy/core';
import type { FieldEditorProps, FieldKind } from '../draft';

const TiptapField = lazy(() => import('./rich-text-editor'));

/** The field's frame (label, help text, error) while the editor's code loads. */
function Loading(props: FieldEditorProps) {
  const mode = richTextMode(props.definition);
  return (
    <Input.Wrapper
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      error={props.error}
    >
      <Skeleton
        height={mode === 'full' ? RICH_TEXT_FULL_EDITOR_HEIGHT + 42 : 38}
        aria-label={`Loading the editor of ${props.label}`}
      />
    </Input.Wrapper>
  );
}

export function RichTextEditor(props: FieldEditorProps) {
  return (
    <Suspense fallback={<Loading {...props} />}>
      <TiptapField {...props} />
    </Suspense>
  );
}

export const richTextKind: FieldKind = { Editor: RichTextEditor };
