/**
 * One field in the right edit panel, with the admin's own field editors (`@canopy/ui/fields`):
 * label, help text, required mark, counter, the Rich Text editor and its toolbar, the pickers
 * (media, content and micro-app references, with the 'Select Item' dialog and the file's
 * preview; loaded the first time one shows), and the §5 message once the person left the field
 * or tried to save. A picked value changes the draft, so the page re-renders with it.
 */
import { useId, useState } from 'react';
import { Text } from '@mantine/core';
import {
  fieldTypeOf,
  isRequired,
  validateFieldValue,
  type FieldType,
  type TemplateFieldDefinition,
} from '@canopy/core';
import { readValue, writeValue, type FieldKind, type FieldTarget } from '@canopy/ui/draft';
import { SHARED_FIELD_KINDS } from '@canopy/ui/fields';
import { LAZY_PICKER_KINDS } from '@canopy/ui/fields/lazy-pickers';
import { useDraftValue, useEditorState } from '../editor-context';

/** The field types the panel edits; the rest (a dynamic zone) are edited on the page itself. */
const PANEL_KINDS: Partial<Record<FieldType, FieldKind>> = {
  ...SHARED_FIELD_KINDS,
  ...LAZY_PICKER_KINDS,
};

/** Save takes the person to the invalid field's block or tab; the field itself is not focused. */
const noFocus = () => {};

export function PanelField({
  label,
  definition,
  target,
  readOnly,
}: {
  label: string;
  definition: TemplateFieldDefinition;
  target: FieldTarget;
  readOnly: boolean;
}) {
  const { store, newId, attempts } = useEditorState();
  const inputId = useId();
  const [touched, setTouched] = useState(false);
  const value = useDraftValue(store, (draft) => readValue(draft, target));
  const onChange = (next: string) => store.update((d) => writeValue(d, target, next, newId));
  const kind = PANEL_KINDS[fieldTypeOf(definition)];
  if (!kind) {
    return (
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {value || 'Empty'} ({definition.field_type}: edit it in the admin panel)
        </Text>
      </div>
    );
  }
  const error =
    touched || attempts > 0
      ? (validateFieldValue(definition, value) ?? kind.extraCheck?.(definition, value) ?? null)
      : null;
  return (
    <kind.Editor
      definition={definition}
      target={target}
      inputId={inputId}
      label={label}
      description={definition.tool_tip ?? null}
      required={isRequired(definition)}
      value={value}
      onChange={onChange}
      onBlur={() => setTouched(true)}
      readOnly={readOnly}
      error={error}
      focusRef={noFocus}
    />
  );
}
