/**
 * One field definition's properties (§3 Template field definition). The form shows what the
 * chosen field type uses; properties of another type are kept as they are.
 */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FIELD_TYPES, dropdownOptions, type MenuItem } from '@canopy/core';
import { SelectItemDialog } from '@canopy/ui/items';
import { EDIT_IN_BEHAVIORS, inputKey, propertiesOf, type FieldDraft } from './draft';

/** A widget template the Dynamic Zone may allow. */
export interface WidgetOption {
  template_id: string;
  template_name: string;
  widget_type: string | null;
}

export interface FieldFormProps {
  field: FieldDraft;
  readOnly: boolean;
  widgets: readonly WidgetOption[];
  contentTypes: readonly string[];
  forest: readonly MenuItem[];
  /** The message for an input of the form (by its key), or null. */
  errorOf: (key: string) => string | null;
  touch: (key: string) => void;
  onChange: (patch: Partial<FieldDraft>) => void;
}

type Key = Parameters<typeof inputKey.field>[1];
const split = (value: string | null, separator: string) =>
  (value ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');
const one = (value: string | null) => (value ? [value] : []);
/** Choices with any stored value the list does not know kept in it. */
const withCurrent = (choices: readonly string[], current: readonly string[]) => [
  ...new Set([...choices, ...current]),
];

export function FieldDefinitionForm(props: FieldFormProps) {
  const { field, readOnly, errorOf, touch, onChange } = props;
  const shown = propertiesOf(field.field_type);
  const [picking, setPicking] = useState(false);
  const common = (key: Key) => {
    const id = inputKey.field(field.field_id, key);
    return { id, readOnly, error: errorOf(id), onBlur: () => touch(id) };
  };
  const set = (key: Key, value: string | number | null) => {
    touch(inputKey.field(field.field_id, key));
    onChange({ [key]: value } as Partial<FieldDraft>);
  };
  const text = (key: Key, label: string, description?: string) => (
    <TextInput
      {...common(key)}
      label={label}
      description={description}
      value={(field[key] as string | null) ?? ''}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );
  const options = dropdownOptions(field.field_values);
  const rootItem = field.picker_root_item
    ? findItem(props.forest, field.picker_root_item)
    : undefined;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
      {text('field_name', 'Field name')}
      <Select
        {...common('field_type')}
        label="Field type"
        data={[...FIELD_TYPES]}
        value={field.field_type}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(value) => value && set('field_type', value)}
      />
      {shown.has('edit_in_behavior') && (
        <Select
          {...common('edit_in_behavior')}
          label="Edit-in behaviour"
          placeholder="Only in the form"
          data={withCurrent(EDIT_IN_BEHAVIORS, one(field.edit_in_behavior))}
          value={field.edit_in_behavior}
          clearable
          disabled={readOnly}
          onChange={(value) => set('edit_in_behavior', value)}
        />
      )}
      {shown.has('tool_tip') && text('tool_tip', 'Tool tip', 'Shown under the field as help')}
      {shown.has('field_values') && (
        <TagsInput
          {...common('field_values')}
          label="Options"
          description="Press Enter after each option; stored separated by |"
          splitChars={['|']}
          value={split(field.field_values, '|')}
          disabled={readOnly}
          onChange={(values) => set('field_values', values.join('|'))}
        />
      )}
      {shown.has('default_value') &&
        (field.field_type === 'Checkbox' || field.field_type === 'Dropdown' ? (
          <Select
            {...common('default_value')}
            label="Default value"
            placeholder="(None Selected)"
            data={withCurrent(
              field.field_type === 'Checkbox' ? ['true', 'false'] : options,
              one(field.default_value),
            )}
            value={field.default_value || null}
            clearable
            disabled={readOnly}
            onChange={(value) => set('default_value', value)}
          />
        ) : field.field_type === 'Long Text' || field.field_type === 'Rich Text' ? (
          <Textarea
            {...common('default_value')}
            label="Default value"
            autosize
            minRows={1}
            maxRows={4}
            value={field.default_value ?? ''}
            onChange={(event) => set('default_value', event.currentTarget.value)}
          />
        ) : (
          text('default_value', 'Default value')
        ))}
      {shown.has('regex_validation') &&
        text('regex_validation', 'Regular expression', 'Checked on every value as it is typed')}
      {shown.has('validation_message') &&
        text('validation_message', 'Validation message', 'Shown when a value does not match')}
      {shown.has('allowed_widgets') && (
        <MultiSelect
          {...common('allowed_widgets')}
          label="Allowed widgets"
          description="None chosen allows every widget"
          data={props.widgets.map((widget) => ({
            value: widget.template_id,
            label: widget.template_name,
          }))}
          value={split(field.allowed_widgets, '|')}
          searchable
          disabled={readOnly}
          onChange={(values) => set('allowed_widgets', values.join('|'))}
        />
      )}
      {shown.has('restrict_to_content_type') && (
        <MultiSelect
          {...common('restrict_to_content_type')}
          label="Restrict to content type"
          description="None chosen allows any type"
          data={withCurrent(props.contentTypes, split(field.restrict_to_content_type, ','))}
          value={split(field.restrict_to_content_type, ',')}
          disabled={readOnly}
          onChange={(values) => set('restrict_to_content_type', values.join(','))}
        />
      )}
      {shown.has('picker_root_item') && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            {...common('picker_root_item')}
            style={{ flex: 1 }}
            label="Picker root item"
            description={rootItem ? rootItem.content_name : 'The whole tree'}
            value={field.picker_root_item ?? ''}
            onChange={(event) => set('picker_root_item', event.currentTarget.value)}
          />
          <Button variant="default" disabled={readOnly} onClick={() => setPicking(true)}>
            Select
          </Button>
        </Group>
      )}
      {shown.has('microapp_id') && text('microapp_id', 'Micro-app id')}
      {shown.has('microapp_version') && text('microapp_version', 'Micro-app version')}
      <Group gap="lg" mt={6}>
        {shown.has('is_required') && (
          <Checkbox
            id={inputKey.field(field.field_id, 'is_required')}
            label="Required"
            checked={field.is_required === 1}
            disabled={readOnly}
            onChange={(event) => set('is_required', event.currentTarget.checked ? 1 : 0)}
          />
        )}
        <Checkbox
          id={inputKey.field(field.field_id, 'connect_to_doc_site')}
          label="Connect to doc site"
          checked={field.connect_to_doc_site === 1}
          disabled={readOnly}
          onChange={(event) => set('connect_to_doc_site', event.currentTarget.checked ? 1 : 0)}
        />
      </Group>
      {picking && (
        <SelectItemDialog
          opened
          forest={props.forest}
          onCancel={() => setPicking(false)}
          onSelect={(item) => {
            set('picker_root_item', item.content_id);
            setPicking(false);
          }}
        />
      )}
    </SimpleGrid>
  );
}

function findItem(forest: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const item of forest) {
    if (item.content_id === id) return item;
    const found = findItem(item.children, id);
    if (found) return found;
  }
  return undefined;
}
