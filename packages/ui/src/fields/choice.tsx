/**
 * Checkbox and Dropdown (§2 Field editors, §5). A checkbox stores 'true' or 'false' and shows its
 * default when the stored value is neither. A dropdown offers `field_values` (pipe-separated)
 * under the placeholder '(None Selected)', says 'No Menu Items Found' without options, and
 * stores several choices joined by commas.
 */
import { Checkbox, MultiSelect, Select } from '@mantine/core';
import { checkboxValue, dropdownOptions, type TemplateFieldDefinition } from '@canopy/core';
import type { FieldEditorProps, FieldKind } from '../draft';

export const NONE_SELECTED = '(None Selected)';
export const NO_MENU_ITEMS = 'No Menu Items Found';

function CheckboxEditor(props: FieldEditorProps) {
  const checked = checkboxValue(props.value, props.definition.default_value) === 'true';
  return (
    <Checkbox
      id={props.inputId}
      label={props.label}
      description={props.description}
      checked={checked}
      onChange={(event) => {
        if (!props.readOnly) props.onChange(event.currentTarget.checked ? 'true' : 'false');
      }}
      onBlur={props.onBlur}
      readOnly={props.readOnly}
      aria-readonly={props.readOnly || undefined}
      error={props.error}
      ref={props.focusRef as React.Ref<HTMLInputElement>}
    />
  );
}

/** The choices a stored value names: one option, or several joined by commas. */
export function splitChoices(value: string, options: readonly string[]): string[] {
  if (value === '') return [];
  if (options.includes(value)) return [value];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * §3 has no multi-select flag: a dropdown takes several choices when its default value or its
 * stored value already names several (see README, "Item editor").
 */
export function isMultiSelect(definition: TemplateFieldDefinition, value: string): boolean {
  const options = dropdownOptions(definition.field_values);
  return (
    splitChoices(value, options).length > 1 ||
    splitChoices(definition.default_value ?? '', options).length > 1
  );
}

function DropdownEditor(props: FieldEditorProps) {
  const options = dropdownOptions(props.definition.field_values);
  const chosen = splitChoices(props.value, options);
  // A stored value that is no longer an option still shows (its error says so).
  const data = [...options, ...chosen.filter((choice) => !options.includes(choice))];
  const empty = options.length === 0;
  const common = {
    id: props.inputId,
    label: props.label,
    description: props.description,
    withAsterisk: props.required,
    data,
    onBlur: props.onBlur,
    readOnly: props.readOnly,
    error: props.error,
    nothingFoundMessage: NO_MENU_ITEMS,
    ref: props.focusRef as React.Ref<HTMLInputElement>,
  };
  if (isMultiSelect(props.definition, props.value)) {
    return (
      <MultiSelect
        {...common}
        value={chosen}
        placeholder={empty ? NO_MENU_ITEMS : chosen.length === 0 ? NONE_SELECTED : undefined}
        onChange={(next) => props.onChange(next.join(','))}
        clearable={!props.readOnly}
        hidePickedOptions={false}
      />
    );
  }
  return (
    <Select
      {...common}
      value={chosen[0] ?? null}
      placeholder={empty ? NO_MENU_ITEMS : NONE_SELECTED}
      onChange={(next) => props.onChange(next ?? '')}
      clearable={!props.readOnly && !props.required}
      allowDeselect={!props.required}
    />
  );
}

export const checkboxKind: FieldKind = { Editor: CheckboxEditor };
export const dropdownKind: FieldKind = { Editor: DropdownEditor };
