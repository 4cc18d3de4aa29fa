/**
 * A field kind whose editor is its own chunk, loaded the first time such a field shows (Rich
 * Text; the pickers in the page editor), so it stays out of the first load. Meanwhile the field
 * shows its frame: label, help text, required mark and error, over a placeholder.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Input, Skeleton } from '@mantine/core';
import type { FieldEditorProps, FieldKind } from '../draft';

export function lazyKind(
  load: () => Promise<ComponentType<FieldEditorProps>>,
  /** The placeholder's height, about the editor's own. */
  height: (props: FieldEditorProps) => number,
  extraCheck?: FieldKind['extraCheck'],
): FieldKind {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Editor(props: FieldEditorProps) {
    return (
      <Suspense
        fallback={
          <Input.Wrapper
            label={props.label}
            description={props.description}
            withAsterisk={props.required}
            error={props.error}
          >
            <Skeleton height={height(props)} aria-label={`Loading the editor of ${props.label}`} />
          </Input.Wrapper>
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  }
  return extraCheck ? { Editor, extraCheck } : { Editor };
}
