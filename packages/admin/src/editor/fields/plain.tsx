/** A one-line text editor: the fallback every field type starts from. */
import { TextInput } from '@mantine/core';
import type { FieldEditorProps, FieldKind } from '@canopy/ui/draft';

export function PlainEditor(props: FieldEditorProps) {
  return (
    <TextInput
      id={props.inputId}
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onBlur={props.onBlur}
      readOnly={props.readOnly}
      error={props.error}
      ref={props.focusRef as React.Ref<HTMLInputElement>}
    />
  );
}

export const plainKind: FieldKind = { Editor: PlainEditor };
