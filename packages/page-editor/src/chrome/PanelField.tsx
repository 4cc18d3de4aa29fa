/**
 * One field in the right edit panel: its label, tool tip, editor and §5 message (after the person
 * left the field). Text, long text, rich text (as HTML source), checkbox and dropdown are edited
 * here; other types are shown read-only with a link to the admin, where their pickers live.
 */
import { useId, useState } from 'react';
import { Checkbox, Select, Text, TextInput, Textarea } from '@mantine/core';
import {
  checkboxValue,
  dropdownOptions,
  isRequired,
  validateFieldValue,
  type TemplateFieldDefinition,
} from '@canopy/core';
import { readValue, writeValue, type FieldTarget } from '@canopy/ui/draft';
import { useDraftValue, useEditorState } from '../editor-context';

const NONE_SELECTED = '(None Selected)';

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
  const id = useId();
  const [touched, setTouched] = useState(false);
  const value = useDraftValue(store, (draft) => readValue(draft, target));
  const set = (next: string) => store.update((d) => writeValue(d, target, next, newId));
  const error = touched || attempts > 0 ? validateFieldValue(definition, value) : null;
  const common = {
    id,
    label,
    description: definition.tool_tip ?? undefined,
    required: isRequired(definition),
    error,
    disabled: readOnly,
    onBlur: () => setTouched(true),
  };
  switch (definition.field_type) {
    case 'Short Text':
      return (
        <TextInput {...common} value={value} onChange={(event) => set(event.currentTarget.value)} />
      );
    case 'Long Text':
    case 'Rich Text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={10}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'Checkbox':
      return (
        <Checkbox
          id={id}
          label={label}
          description={definition.tool_tip ?? undefined}
          disabled={readOnly}
          checked={checkboxValue(value, definition.default_value) === 'true'}
          onChange={(event) => set(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'Dropdown': {
      const options = dropdownOptions(definition.field_values);
      return (
        <Select
          {...common}
          data={options}
          placeholder={NONE_SELECTED}
          nothingFoundMessage="No Menu Items Found"
          clearable={!isRequired(definition)}
          value={value || null}
          onChange={(next) => set(next ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    default:
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
}
